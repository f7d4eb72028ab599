import { randomUUID } from 'node:crypto';
import { RecordScope } from '../records/record-scope';
import { useMigratedDatabase } from '../records/record-scope.testing';
import { ProjectMessages } from './project-messages';

const database = useMigratedDatabase();

async function messagesOf(project: string) {
  return database.db.query('SELECT severity, description, model, details, traceback, run_uuid FROM project_messages WHERE project_uuid = $1 ORDER BY id', [project]);
}

describe('ProjectMessages', () => {
  it('records ScanCode.io\'s error, warning and info messages, marked with the run', async () => {
    const project = await database.newProject();
    const run = randomUUID();
    const messages = new ProjectMessages(new RecordScope(database.db, project, run));
    await messages.error('extract_archives', 'Cannot extract', { resource_path: 'a.zip' });
    await messages.warning('get_sbom_inputs', 'No resources containing package data found in codebase.');
    await messages.info('x'.repeat(120), 'Long model');
    expect(await messagesOf(project)).toEqual([
      { severity: 'error', description: 'Cannot extract', model: 'extract_archives', details: { resource_path: 'a.zip' }, traceback: '', run_uuid: run },
      { severity: 'warning', description: 'No resources containing package data found in codebase.', model: 'get_sbom_inputs', details: {}, traceback: '', run_uuid: run },
      { severity: 'info', description: 'Long model', model: 'x'.repeat(100), details: {}, traceback: '', run_uuid: run },
    ]);
  });

  it('saveErrors records the error of one item and goes on; the work\'s value otherwise', async () => {
    const project = await database.newProject();
    const messages = new ProjectMessages(new RecordScope(database.db, project));
    const results = [];
    for (const path of ['good.json', 'bad.json']) {
      results.push(await messages.saveErrors('get_data_from_sboms', { resource_path: path }, () => {
        if (path === 'bad.json') throw new Error('not valid');
        return path.length;
      }));
    }
    await messages.saveErrors('m', {}, async () => Promise.reject(new Error('raw')), (e) => `described: ${(e as Error).message}`);
    expect(results).toEqual([9, undefined]);
    expect((await messagesOf(project)).map((m: { model: string; description: string; details: unknown }) => [m.model, m.description, m.details])).toEqual([
      ['get_data_from_sboms', 'not valid', { resource_path: 'bad.json' }],
      ['m', 'described: raw', {}],
    ]);
  });

  it('writes per-file scan errors in batches', async () => {
    const project = await database.newProject();
    const batch = new ProjectMessages(new RecordScope(database.db, project)).batch();
    for (let i = 0; i < 501; i++) await batch.scanErrors('scan_for_files', `f${i}`, ['ERROR: timeout']);
    expect(await messagesOf(project)).toHaveLength(500);
    await batch.flush();
    expect(await messagesOf(project)).toHaveLength(501);
  });
});
