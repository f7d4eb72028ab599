import { Inject, Injectable, Logger } from '@nestjs/common';
import { choosePolicies, POLICIES_FILENAME, type PolicyFile } from '@sca/policies';
import { licensePoliciesEnabled, Policies } from '@sca/scanner';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { CodebaseFiles } from '../projects/codebase-files';
import type { ReportProjectRow } from '../projects/project-loader';

export const GLOBAL_POLICIES = Symbol('GLOBAL_POLICIES');

const POLICIES_LIMIT = 4 * 1024 * 1024;
/** `codebase/<dir>/policies.yml` in an immediate, not hidden, subdirectory (Python's glob). */
const CODEBASE_POLICIES = '^[^/.][^/]*/policies\\.yml$';

/**
 * The policies in force for a project, in the runner's order (`choosePolicies`), read from
 * object storage and the codebase packs. A broken project document means no policies; the
 * runner has recorded it as a message, so here it is only logged.
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
    const resolved = await choosePolicies({
      settings: project.settings,
      service: this.globalPolicies,
      projectFile: () => this.projectFile(project.uuid),
      invalid: async (description) => this.logger.warn(`project ${project.uuid}: policies ignored: ${description}`),
    });
    return resolved.policies;
  }

  async licensePoliciesEnabled(project: ReportProjectRow): Promise<boolean> {
    return licensePoliciesEnabled(await this.forProject(project));
  }

  private async projectFile(uuid: string): Promise<PolicyFile | null> {
    const inputKey = storageKeys.input(uuid, POLICIES_FILENAME);
    if (await this.storage.exists(inputKey)) {
      return { source: 'input', path: `input/${POLICIES_FILENAME}`, read: async () => (await this.storage.getBuffer(inputKey, POLICIES_LIMIT)).toString('utf8') };
    }
    const inCodebase = await this.codebase.findPaths(uuid, CODEBASE_POLICIES);
    if (inCodebase.length !== 1) return null;
    const [path] = inCodebase;
    return { source: 'codebase', path: `codebase/${path}`, read: async () => (await this.codebase.readText(uuid, path)) ?? '' };
  }
}
