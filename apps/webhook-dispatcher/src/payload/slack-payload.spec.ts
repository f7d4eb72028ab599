import { isSlackTarget, slackPayload } from './slack-payload';

describe('Slack payload', () => {
  it('recognises only hooks.slack.com', () => {
    expect(isSlackTarget('https://hooks.slack.com/services/T/B/X')).toBe(true);
    expect(isSlackTarget('https://hooks.slack.com.evil.example/x')).toBe(false);
    expect(isSlackTarget('not a url')).toBe(false);
  });

  it('links the project when the site URL is known', () => {
    const body = slackPayload({ name: 'demo', slug: 'demo-1' }, { pipeline_name: 'scan_codebase', status: 'success' }, 'https://scan.example/');
    expect(body).toEqual({
      username: 'ScanCode.io',
      text: 'Project *<https://scan.example/project/demo-1/|demo>* update:',
      attachments: [{ color: '#48c78e', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Pipeline `scan_codebase` completed with success.' } }] }],
    });
  });

  it('adds the task output of a failure, cut at 3000 characters', () => {
    const body = slackPayload({ name: 'demo' }, { pipeline_name: 'p', status: 'failure', task_output: 'x'.repeat(3001) }, undefined) as { text: string; attachments: { color: string; blocks: { text: { text: string } }[] }[] };
    expect(body.text).toBe('Project *demo* update:');
    expect(body.attachments[0].color).toBe('#f14668');
    expect(body.attachments[0].blocks[1].text.text).toBe(`\`\`\`${'x'.repeat(2970)}\n... (truncated)\`\`\``);
  });
});
