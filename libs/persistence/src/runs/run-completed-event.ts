import { ComplianceAlertCounts, deriveRunStatus, EVENT_SCHEMA_VERSION, RunCompletedEvent } from '@sca/contracts';
import type { Queryable } from '../queryable';

/** The end fields of a run as its end statement returns them. */
export interface EndedRunRow {
  uuid: string;
  project_uuid: string;
  pipeline_name: string;
  task_start_date: Date | null;
  task_end_date: Date;
  task_exitcode: number;
}

const ALERT_SEVERITIES: (keyof ComplianceAlertCounts)[] = ['error', 'warning', 'missing'];

/** The project's name, counts and compliance alerts, read in the transaction that ends the run. */
const PROJECT_FIGURES = `
  SELECT p.name, p.resource_count, p.package_count, p.dependency_count, p.relation_count, p.message_count,
    COALESCE((SELECT json_object_agg(alert, n) FROM (
      SELECT alert, sum(n)::int AS n FROM (
        SELECT compliance_alert AS alert, count(*) AS n FROM discovered_packages WHERE project_uuid = $1 AND compliance_alert = ANY($2) GROUP BY 1
        UNION ALL SELECT compliance_alert, count(*) FROM discovered_licenses WHERE project_uuid = $1 AND compliance_alert = ANY($2) GROUP BY 1
        UNION ALL SELECT compliance_alert, count(*) FROM codebase_resources WHERE project_uuid = $1 AND compliance_alert = ANY($2) GROUP BY 1
      ) by_model GROUP BY alert) totals), '{}') AS alerts
  FROM projects p WHERE p.uuid = $1`;

interface ProjectFigures {
  name: string;
  resource_count: number;
  package_count: number;
  dependency_count: number;
  relation_count: number;
  message_count: number;
  alerts: Partial<ComplianceAlertCounts>;
}

/** The API path of a project's results, or its absolute URL under `siteUrl` (SITE_URL). */
export function projectResultsUrl(projectUuid: string, siteUrl: string | undefined): string {
  const path = `/api/projects/${projectUuid}/results/`;
  return siteUrl ? new URL(path.slice(1), siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString() : path;
}

/** The public run.completed payload (docs/asyncapi.yaml) of a run that just ended. */
export async function runCompletedEvent(tx: Queryable, run: EndedRunRow, siteUrl: string | undefined): Promise<RunCompletedEvent> {
  const [project] = (await tx.query(PROJECT_FIGURES, [run.project_uuid, ALERT_SEVERITIES])) as ProjectFigures[];
  return {
    schema_version: EVENT_SCHEMA_VERSION,
    run_uuid: run.uuid,
    project_uuid: run.project_uuid,
    project_name: project.name,
    pipeline_name: run.pipeline_name,
    status: deriveRunStatus({ task_id: run.uuid, task_start_date: null, task_end_date: null, task_exitcode: run.task_exitcode }),
    task_exitcode: run.task_exitcode,
    task_start_date: run.task_start_date ? run.task_start_date.toISOString() : null,
    task_end_date: run.task_end_date.toISOString(),
    resource_count: project.resource_count,
    package_count: project.package_count,
    dependency_count: project.dependency_count,
    relation_count: project.relation_count,
    message_count: project.message_count,
    compliance_alerts: { error: project.alerts.error ?? 0, warning: project.alerts.warning ?? 0, missing: project.alerts.missing ?? 0 },
    results_url: projectResultsUrl(run.project_uuid, siteUrl),
  };
}
