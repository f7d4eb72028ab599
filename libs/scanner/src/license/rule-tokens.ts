import { wordTokens } from './tokenize';

/** A rule text's tokens and its required phrases (`{{…}}`) as [start, end) token spans, flattened. */
export function ruleTokens(text: string): { words: string[]; phrases: number[] } {
  const words: string[] = [];
  const phrases: number[] = [];
  let open = -1;
  for (const part of text.split(/(\{\{|\}\})/)) {
    if (part === '{{') open = words.length;
    else if (part === '}}') {
      if (open >= 0 && words.length > open) phrases.push(open, words.length);
      open = -1;
    } else words.push(...wordTokens(part));
  }
  return { words, phrases };
}

/** Relevance of a rule that states none: short rules are weaker evidence (100 from 18 tokens up). */
export function computeRelevance(length: number): number {
  return length >= 18 ? 100 : Math.round((length / 18) * 100);
}
