/**
 * ScanCode.io's results document (reference §7): exactly `headers`, `packages`, `dependencies`,
 * `files` and `relations`, written as a stream of text chunks so a project of any size goes out
 * in flat memory. Each item is indented by two spaces as ScanCode.io's `json.dumps(indent=2)`;
 * the whole is valid JSON, not a pretty-printer's byte-for-byte output.
 */
import type { ReportInput } from '../report/report-input';
import { SCAN_NOTICE } from '../cyclonedx/scan-notice';

/** The `tool_name` ScanCode.io writes; load_inventory recognises its own results by it. */
export const RESULTS_TOOL_NAME = 'scanpipe';

export interface ResultsJsonOptions {
  /** `other_tools`: the scan engine(s) behind the results, as purls. */
  otherTools: string[];
  /** Text chunks are flushed once they reach this many characters. */
  chunkSize?: number;
}

const DEFAULT_CHUNK = 64 * 1024;

/** The single `headers` element. */
export function resultsHeader(input: ReportInput, otherTools: string[], messages: unknown[]): Record<string, unknown> {
  const p = input.project;
  return {
    tool_name: RESULTS_TOOL_NAME,
    tool_version: input.toolVersion,
    other_tools: otherTools,
    notice: SCAN_NOTICE,
    uuid: p.uuid,
    created_date: p.created_date,
    notes: p.notes,
    settings: p.settings,
    input_sources: p.input_sources,
    runs: p.runs ?? [],
    messages,
    extra_data: p.extra_data,
  };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Yields the document as text chunks of about `chunkSize` characters. */
export async function* resultsJsonChunks(input: ReportInput, opts: ResultsJsonOptions): AsyncGenerator<string> {
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK;
  // Messages are few (one per problem, not per file); the header needs them all up front.
  const header = resultsHeader(input, opts.otherTools, await collect(input.messages()));
  const sections: [string, () => AsyncIterable<unknown>][] = [
    ['headers', async function* () { yield header; }],
    ['packages', () => input.packages()],
    ['dependencies', () => input.dependencies()],
    ['files', () => input.resources()],
    ['relations', () => input.relations()],
  ];
  let buffer = '{\n';
  for (const [index, [key, items]] of sections.entries()) {
    buffer += `${JSON.stringify(key)}: [\n`;
    let first = true;
    for await (const item of items()) {
      buffer += (first ? '' : ',\n') + JSON.stringify(item, null, 2);
      first = false;
      if (buffer.length >= chunkSize) {
        yield buffer;
        buffer = '';
      }
    }
    buffer += `${first ? '' : '\n'}]${index < sections.length - 1 ? ',' : ''}\n`;
  }
  yield `${buffer}}`;
}
