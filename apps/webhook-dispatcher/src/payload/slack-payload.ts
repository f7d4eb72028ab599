/** ScanCode.io sends Slack's message shape when the target host is exactly hooks.slack.com. */
export function isSlackTarget(targetUrl: string): boolean {
  try {
    return new URL(targetUrl).hostname === 'hooks.slack.com';
  } catch {
    return false;
  }
}

const COLORS: Record<string, string> = { success: '#48c78e', failure: '#f14668' };
const OUTPUT_LIMIT = 3000;
const OUTPUT_KEEP = 2970;

interface SlackProject { name: string; slug?: string }
interface SlackRun { pipeline_name: string; status: string; task_output?: string }

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

/** The Slack message of reference §6.3: a title linking the project when the site URL is known, one attachment. */
export function slackPayload(project: SlackProject, run: SlackRun, siteUrl: string | undefined): Record<string, unknown> {
  const site = siteUrl?.replace(/\/+$/, '');
  const label = site && project.slug ? `<${site}/project/${project.slug}/|${project.name}>` : project.name;
  const blocks = [section(`Pipeline \`${run.pipeline_name}\` completed with ${run.status}.`)];
  if (run.status === 'failure' && run.task_output) {
    const output = run.task_output.length > OUTPUT_LIMIT ? `${run.task_output.slice(0, OUTPUT_KEEP)}\n... (truncated)` : run.task_output;
    blocks.push(section(`\`\`\`${output}\`\`\``));
  }
  return { username: 'ScanCode.io', text: `Project *${label}* update:`, attachments: [{ color: COLORS[run.status] ?? '', blocks }] };
}
