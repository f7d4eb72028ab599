import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { serviceVersion } from '@sca/config';
import {
  CycloneDxFormat, CycloneDxSpecVersion, pickAttributionTemplate, renderAttribution, ReportInput, resultsJsonChunks,
  SpdxVersion, writeCycloneDx, writeOrtPackageList, writeResultsXlsx, writeSpdx,
} from '@sca/formats';
import { licenseText } from '@sca/scanner';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { CodebaseFiles } from '../projects/codebase-files';
import { dbReportInput } from '../projects/db-report-input';
import { ProjectLoader, ReportProjectRow } from '../projects/project-loader';
import { ProjectPolicies } from '../compliance/project-policies';
import { contentTypeFor, outputTimestamp } from '@sca/formats';

/** The formats that become files in output/ (reference §8). */
export const FILE_FORMATS = ['json', 'xlsx', 'spdx', 'cyclonedx', 'attribution', 'ort-package-list'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export interface OutputOptions {
  spdxVersion?: SpdxVersion;
  cyclonedxVersion?: CycloneDxSpecVersion;
  cyclonedxFormat?: CycloneDxFormat;
}

export interface GeneratedOutput {
  filename: string;
  path: string;
}

/** `other_tools` of the results: the engine that produced the records. */
const OTHER_TOOLS = [`pkg:generic/scanworks-scanner@${serviceVersion().slice(1)}`];
/** ScanCode.io's codebase template override for the attribution page. */
const ATTRIBUTION_TEMPLATE_PATH = '.scancode/templates/attribution.html';

/** Writes one output file of a project into a local directory, then into the project's output/. */
@Injectable()
export class OutputGenerator {
  constructor(
    private readonly db: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly loader: ProjectLoader,
    private readonly codebase: CodebaseFiles,
    private readonly policies: ProjectPolicies,
  ) {}

  async reportInput(project: ReportProjectRow): Promise<ReportInput> {
    return dbReportInput(this.db, await this.loader.reportProject(project), serviceVersion());
  }

  /** The streamed results document (reference §7). */
  resultsJson(input: ReportInput): AsyncGenerator<string> {
    return resultsJsonChunks(input, { otherTools: OTHER_TOOLS });
  }

  /** Generates `format` into `dir` as `results-<timestamp>.<ext>` and stores it in output/. */
  async generate(project: ReportProjectRow, input: ReportInput, format: FileFormat, opts: OutputOptions, dir: string, stamp = outputTimestamp()): Promise<GeneratedOutput> {
    const filename = `results-${stamp}.${extension(format, opts)}`;
    const path = join(dir, filename);
    await this.write(project, input, format, opts, path);
    await this.storage.putFile(storageKeys.output(project.uuid, filename), path, contentTypeFor(filename));
    return { filename, path };
  }

  private async write(project: ReportProjectRow, input: ReportInput, format: FileFormat, opts: OutputOptions, path: string): Promise<void> {
    switch (format) {
      case 'json':
        return pipeline(Readable.from(this.resultsJson(input)), createWriteStream(path));
      case 'xlsx':
        return writeResultsXlsx(input, path, { policiesEnabled: await this.policies.licensePoliciesEnabled(project) });
      case 'spdx':
        return writeFile(path, await writeSpdx(input, { version: opts.spdxVersion, resolveLicenseRef: licenseRefDetails }));
      case 'cyclonedx':
        return writeFile(path, await writeCycloneDx(input, { specVersion: opts.cyclonedxVersion, format: opts.cyclonedxFormat }));
      case 'attribution': {
        const template = pickAttributionTemplate(
          typeof project.settings['attribution_template'] === 'string' ? project.settings['attribution_template'] : null,
          await this.codebase.readText(project.uuid, ATTRIBUTION_TEMPLATE_PATH),
        );
        return writeFile(path, await renderAttribution(input, { template, licenseTexts: licenseText }));
      }
      case 'ort-package-list':
        return writeFile(path, await writeOrtPackageList(input));
    }
  }
}

function extension(format: FileFormat, opts: OutputOptions): string {
  switch (format) {
    case 'spdx':
      return 'spdx.json';
    case 'cyclonedx':
      return opts.cyclonedxFormat === 'xml' ? 'cdx.xml' : 'cdx.json';
    case 'attribution':
      return 'attribution.html';
    case 'ort-package-list':
      return 'package-list.yml';
    case 'json':
    case 'xlsx':
      return format;
  }
}

/** Name, text and LicenseDB link of a `LicenseRef-*` symbol, for SPDX's hasExtractedLicensingInfos. */
function licenseRefDetails(ref: string) {
  const license = licenseText(ref);
  if (!license) return undefined;
  return { name: license.name, text: license.text, seeAlsos: [`https://scancode-licensedb.aboutcode.org/${license.key}`] };
}
