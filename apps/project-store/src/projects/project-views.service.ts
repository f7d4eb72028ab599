import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES, Paginated, PROJECT_NOT_FOUND, ProjectDetail, ProjectListItem, ProjectListQuery } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { buildProjectFilter, findProject, ProjectFilter, ProjectFilterError, ProjectRow, readProjectDetail, readProjectPage, readProjectWithRuns } from '@sca/persistence';
import { pageWindow, paginate } from '../common/pagination';
import { parsePageParam } from '../common/page-param';
import { serializeProjectDetail, serializeProjectListItem } from './project-serializer';
import { fileRootsFingerprint, ProjectFileRoots } from './project-file-roots';

/** A uuid-looking reference that matches nothing is DRF's "No Project matches"; anything else is a plain 404. */
function projectNotFound(uuid: string): DomainError {
  return new DomainError(ERROR_CODES.notFound, /^[0-9a-f-]{32,36}$/i.test(uuid) ? PROJECT_NOT_FOUND : 'Not found.');
}

/** The read side of projects: the list, the list item and the detail, one database round trip each. */
@Injectable()
export class ProjectViews {
  constructor(private readonly db: DataSource, private readonly fileRoots: ProjectFileRoots) {}

  async require(uuid: string): Promise<ProjectRow> {
    const project = await findProject(this.db, uuid);
    if (!project) throw projectNotFound(uuid);
    return project;
  }

  async list(q: ProjectListQuery): Promise<Paginated<ProjectListItem>> {
    const page = await readProjectPage(this.db, filterOf(q.query), parsePageParam(q.query.page), q.page_size);
    // The same window (or 404) as DRF's paginator, now that the count is known.
    const w = pageWindow(q.query.page, page.count, q.page_size);
    return paginate(page.projects.map((p) => serializeProjectListItem(p, q.ctx.base_url)), page.count, w, q.request_url);
  }

  async listItem(uuid: string, baseUrl: string): Promise<ProjectListItem> {
    const p = await readProjectWithRuns(this.db, uuid);
    if (!p) throw projectNotFound(uuid);
    return serializeProjectListItem(p, baseUrl);
  }

  /**
   * One database round trip, then the storage listings of input/ and output/ unless a listing
   * taken for the same state of the project is recent (ProjectFileRoots).
   */
  async detail(uuid: string, baseUrl: string): Promise<ProjectDetail> {
    const p = await readProjectDetail(this.db, uuid);
    if (!p) throw projectNotFound(uuid);
    return serializeProjectDetail(p, await this.fileRoots.rootsFor(p.uuid, fileRootsFingerprint(p)), baseUrl);
  }
}

function filterOf(query: Record<string, string>): ProjectFilter {
  try {
    return buildProjectFilter(query);
  } catch (e) {
    if (e instanceof ProjectFilterError) throw new DomainError(ERROR_CODES.validation, 'Invalid filter', e.errors);
    throw e;
  }
}
