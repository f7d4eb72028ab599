import { Inject, Injectable, Logger } from '@nestjs/common';
import { licensePoliciesEnabled, loadPoliciesYaml, parsePolicies, Policies } from '@sca/scanner';
import { OBJECT_STORAGE, ObjectStorage, ObjectNotFoundError, storageKeys } from '@sca/storage';
import { CodebaseFiles } from '../projects/codebase-files';
import type { ReportProjectRow } from '../projects/project-loader';

export const GLOBAL_POLICIES = Symbol('GLOBAL_POLICIES');

const POLICIES_LIMIT = 4 * 1024 * 1024;

/**
 * The policies in force for a project, in ScanCode.io's order (reference §9.1): the `policies`
 * setting, `input/policies.yml`, exactly one `codebase/*\/policies.yml`, then the service-wide
 * file. A broken project file means no policies, as the runner records it in a message.
 */
@Injectable()
export class ProjectPolicies {
  private readonly logger = new Logger(ProjectPolicies.name);

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly codebase: CodebaseFiles,
    @Inject(GLOBAL_POLICIES) private readonly globalPolicies: Policies | null,
  ) {}

  async forProject(project: ReportProjectRow): Promise<Policies | null> {
    try {
      const setting = project.settings['policies'];
      if (typeof setting === 'string' && setting.trim() !== '') return loadPoliciesYaml(setting);
      if (setting && typeof setting === 'object') return parsePolicies(setting);
      const input = await this.inputFile(project.uuid);
      if (input !== null) return loadPoliciesYaml(input);
      const inCodebase = await this.codebase.findPaths(project.uuid, '^[^/]+/policies\\.yml$');
      if (inCodebase.length === 1) {
        const text = await this.codebase.readText(project.uuid, inCodebase[0]);
        if (text !== null) return loadPoliciesYaml(text);
      }
    } catch (error) {
      this.logger.warn(`project ${project.uuid}: policies ignored: ${(error as Error).message}`);
      return null;
    }
    return this.globalPolicies;
  }

  async licensePoliciesEnabled(project: ReportProjectRow): Promise<boolean> {
    return licensePoliciesEnabled(await this.forProject(project));
  }

  private async inputFile(uuid: string): Promise<string | null> {
    try {
      return (await this.storage.getBuffer(storageKeys.input(uuid, 'policies.yml'), POLICIES_LIMIT)).toString('utf8');
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    }
  }
}
