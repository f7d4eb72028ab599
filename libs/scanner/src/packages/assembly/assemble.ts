/**
 * The assembly pass over a whole codebase (ScanCode's `assemble` step of the package scan):
 * datafiles in path order, each handed to its handler's `assemble` unless an earlier one
 * already processed it. A handler that throws loses only its own datafile (a message).
 */
import type { DatafileHandler } from '../handler';
import { CodebaseView } from './codebase-view';
import { AssemblyContext } from './context';
import { assembleDatafileOnly } from './helpers';
import { randomUid, type UidFactory } from './records';

export function assemblePackages(view: CodebaseView, handlers: ReadonlyMap<string, DatafileHandler>, uid: UidFactory = randomUid): AssemblyContext {
  const ctx = new AssemblyContext(view, uid);
  for (const path of view.datafilePaths()) {
    if (ctx.isProcessed(path)) continue;
    const data = view.packageData(path);
    // A file can carry data from several handlers: each datasource assembles its own share.
    const byDatasource = new Map<string, typeof data[number][]>();
    for (const pd of data) {
      const list = byDatasource.get(pd.datasource_id) ?? [];
      list.push(pd);
      byDatasource.set(pd.datasource_id, list);
    }
    for (const [datasourceId, group] of byDatasource) {
      const handler = handlers.get(datasourceId);
      try {
        if (handler?.assemble) handler.assemble(ctx, path, group);
        else assembleDatafileOnly(ctx, path, group);
      } catch (e) {
        ctx.messages.push({ severity: 'error', path, description: `Package assembly failed for ${datasourceId}: ${(e as Error).message}` });
      }
    }
    ctx.markProcessed(path);
  }
  return ctx;
}
