import { readFile } from 'node:fs/promises';
import { extractSymbolsAndStrings } from '../d2d/javascript/source-symbols';

/**
 * The worker of deploy-to-develop's symbol extraction: its own file, so that the TypeScript
 * parser it needs (half a second to load) is loaded only by the runs that map JavaScript, not
 * by every scan worker.
 */

/** A source file whose symbols and strings are wanted. */
export interface SourceSymbolsTask {
  absPath: string;
  language: 'JavaScript' | 'TypeScript';
}

export type SourceSymbolsResult = { symbols: string[]; strings: string[] } | { error: string };

/** Piscina worker entry: symbols and string literals of JavaScript and TypeScript files. */
export default function sourceSymbols(tasks: SourceSymbolsTask[]): Promise<SourceSymbolsResult[]> {
  return Promise.all(tasks.map(async (t): Promise<SourceSymbolsResult> => {
    try {
      return extractSymbolsAndStrings(await readFile(t.absPath, 'utf8'), t.language);
    } catch (error) {
      return { error: (error as Error).message };
    }
  }));
}
