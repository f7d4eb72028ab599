/**
 * Archive trees and extracted folders as comparable listings (`type path [bytes or target]`
 * lines in walk order), for the specs that check a tree read in place against the disk extractor.
 */
import { readFileSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { walkTree } from '../../scan/walk';
import { readRange, type ArchiveTree } from '../archive-tree';
import type { ExtractionProblem } from '../extraction-types';

export function treeListing(tree: ArchiveTree | null): string[] {
  if (!tree) return [];
  return [...tree.walk()].map(({ path, node }) => {
    if (node.type === 'directory') return `d ${path}`;
    if (node.type === 'symlink') return `l ${path} -> ${node.target}`;
    return `f ${path} ${readRange(tree.rangeOf(path)!).toString('latin1')}`;
  });
}

export async function diskListing(root: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of walkTree(root, '')) {
    if (e.path === '') continue;
    const path = e.path.slice(1);
    if (e.type === 'directory') out.push(`d ${path}`);
    else if (e.type === 'symlink') out.push(`l ${path} -> ${await readlink(e.absPath)}`);
    else out.push(`f ${path} ${readFileSync(e.absPath).toString('latin1')}`);
  }
  return out;
}

export const problemLines = (problems: ExtractionProblem[]): string[] => problems.map((p) => `${p.severity} ${p.entry ?? ''}: ${p.reason}`);
