import pygments from './data/pygments-lexers.json';

/**
 * `programming_language` as ScanCode reports it: the name of the Pygments lexer chosen for the
 * file name (then the lower-cased name), and for files without an extension a guess from the
 * shebang line. The glob table is data generated from Pygments (data/generate-pygments-table.py).
 */
interface LexerGlob {
  glob: string;
  lexer: string;
  priority: number;
  class: string;
}

interface Candidate {
  lexer: string;
  /** Pygments' rating without content: priority, plus 0.5 when the glob has no '*'. */
  rating: number;
  className: string;
}

interface GlobIndex {
  /** Globs without wildcards, by exact name. */
  exact: Map<string, Candidate[]>;
  /** `*.ext` globs by their suffix (".ext"); most of the table. */
  suffix: Map<string, Candidate[]>;
  /** Everything else, matched by regular expression. */
  patterns: { regex: RegExp; candidate: Candidate }[];
}

let index: GlobIndex | undefined;

function globIndex(): GlobIndex {
  if (index) return index;
  const built: GlobIndex = { exact: new Map(), suffix: new Map(), patterns: [] };
  for (const row of pygments.globs as LexerGlob[]) {
    const candidate = { lexer: row.lexer, rating: row.priority + (row.glob.includes('*') ? 0 : 0.5), className: row.class };
    if (!/[*?[]/.test(row.glob)) push(built.exact, row.glob, candidate);
    else if (/^\*\.[^*?[]+$/.test(row.glob)) push(built.suffix, row.glob.slice(1), candidate);
    else built.patterns.push({ regex: globToRegExp(row.glob), candidate });
  }
  index = built;
  return built;
}

function push(map: Map<string, Candidate[]>, key: string, candidate: Candidate): void {
  const list = map.get(key);
  if (list) list.push(candidate);
  else map.set(key, [candidate]);
}

/** Python's fnmatch.translate for the subset Pygments uses: `*`, `?` and `[...]` (with `!`). */
function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      let body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
      if (body.startsWith('!')) body = '^' + body.slice(1);
      source += `[${body}]`;
      i = end;
    } else source += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** The Pygments lexer name for a file name, or '' when no glob matches (Pygments' ClassNotFound). */
export function lexerForFileName(name: string): string {
  const { exact, suffix, patterns } = globIndex();
  const found: Candidate[] = [...(exact.get(name) ?? [])];
  // `*.ext` matches any name ending with ".ext", including ".ext" itself and multi-dot suffixes.
  for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
    found.push(...(suffix.get(name.slice(dot)) ?? []));
  }
  for (const { regex, candidate } of patterns) if (regex.test(name)) found.push(candidate);
  let best: Candidate | undefined;
  for (const c of found) {
    // Pygments sorts by (rating, class name) and takes the last one.
    if (!best || c.rating > best.rating || (c.rating === best.rating && c.className > best.className)) best = c;
  }
  return best?.lexer ?? '';
}

/** The lexer Pygments would guess from a `#!` line, or ''. Only the shebang is considered. */
export function lexerForShebang(head: string): string {
  const match = /^#!\s*(\S+)(.*)/.exec(head.slice(0, 256).split('\n', 1)[0]);
  if (!match) return '';
  let interpreter = baseName(match[1]);
  if (interpreter === 'env') {
    // `#!/usr/bin/env -S node --flags`: the first argument that is not an option.
    interpreter = match[2].trim().split(/\s+/).find((arg) => arg && !arg.startsWith('-') && !arg.includes('=')) ?? '';
    interpreter = baseName(interpreter);
  }
  const shebangs: Record<string, string> = pygments.shebangs;
  // "python3.12" or "perl5" fall back to the unversioned interpreter.
  return shebangs[interpreter] ?? shebangs[interpreter.replace(/[\d.]+$/, '')] ?? '';
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * The ScanCode lookup order: the name as is, the lower-cased name, then (only when the name has
 * no extension) the content. A JSON lexer counts as no language, without trying further.
 */
export function detectLexer(name: string, extension: string, head: () => string): string {
  const lexer = lexerForFileName(name) || lexerForFileName(name.toLowerCase()) || (extension ? '' : lexerForShebang(head()));
  return lexer.startsWith('JSON') ? '' : lexer;
}
