/**
 * The characters a regex can match first, for the lexer's dispatch on a token's first character
 * (see `lexicon.ts`). A small parser for the regex features of the lexicon table; anything it
 * does not understand counts as "any character", so the answer is always a safe superset.
 */
const ASCII = 128;
type CharSet = Uint8Array; // 1 where the character may come first

const all = (): CharSet => new Uint8Array(ASCII).fill(1);
const none = (): CharSet => new Uint8Array(ASCII);
const union = (a: CharSet, b: CharSet): CharSet => a.map((v, i) => v | b[i]);

function ofChars(chars: string): CharSet {
  const s = none();
  for (const c of chars) if (c.charCodeAt(0) < ASCII) s[c.charCodeAt(0)] = 1;
  return s;
}

function ofTest(test: (c: string) => boolean): CharSet {
  const s = none();
  for (let i = 0; i < ASCII; i++) if (test(String.fromCharCode(i))) s[i] = 1;
  return s;
}

interface First {
  chars: CharSet;
  nullable: boolean;
}

class Parser {
  i = 0;
  constructor(private readonly src: string) {}

  alternation(): First {
    let acc = this.sequence();
    while (this.src[this.i] === '|') {
      this.i++;
      const next = this.sequence();
      acc = { chars: union(acc.chars, next.chars), nullable: acc.nullable || next.nullable };
    }
    return acc;
  }

  sequence(): First {
    let chars = none();
    let nullable = true;
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      const optional = this.quantifier();
      if (nullable) chars = union(chars, atom.chars);
      nullable = nullable && (atom.nullable || optional);
    }
    return { chars, nullable };
  }

  /** Reads a quantifier if any; true when it allows zero repetitions. */
  quantifier(): boolean {
    const c = this.src[this.i];
    if (c === '?' || c === '*') {
      this.i++;
      if (this.src[this.i] === '?') this.i++;
      return true;
    }
    if (c === '+') {
      this.i++;
      if (this.src[this.i] === '?') this.i++;
      return false;
    }
    if (c === '{') {
      const m = /^\{(\d*)(,\d*)?\}/.exec(this.src.slice(this.i));
      if (m) {
        this.i += m[0].length;
        return m[1] === '' || Number(m[1]) === 0;
      }
    }
    return false;
  }

  atom(): First {
    const c = this.src[this.i++];
    if (c === '^' || c === '$') return { chars: none(), nullable: true };
    if (c === '.') return { chars: ofTest((x) => x !== '\n'), nullable: false };
    if (c === '[') return { chars: this.charClass(), nullable: false };
    if (c === '\\') return this.escape();
    if (c === '(') {
      let lookaround = false;
      if (this.src[this.i] === '?') {
        const kind = this.src[this.i + 1];
        lookaround = kind === '=' || kind === '!' || kind === '<';
        this.i += kind === '<' ? 3 : 2;
      }
      const inner = this.alternation();
      this.i++; // ")"
      return lookaround ? { chars: none(), nullable: true } : inner;
    }
    return { chars: ofChars(c), nullable: false };
  }

  escape(): First {
    const c = this.src[this.i++];
    if (c === 'b' || c === 'B') return { chars: none(), nullable: true };
    return { chars: escapeSet(c), nullable: false };
  }

  charClass(): CharSet {
    let negate = false;
    if (this.src[this.i] === '^') {
      negate = true;
      this.i++;
    }
    let set = none();
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let lo: string;
      const c = this.src[this.i++];
      if (c === '\\') {
        const e = this.src[this.i++];
        if ('dwsDWS'.includes(e) || e === 'x') {
          if (e === 'x') lo = String.fromCharCode(parseInt(this.src.slice(this.i, (this.i += 2)), 16));
          else {
            set = union(set, escapeSet(e));
            continue;
          }
        } else lo = e;
      } else lo = c;
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']') {
        this.i++;
        let hi = this.src[this.i++];
        if (hi === '\\') {
          const e = this.src[this.i++];
          hi = e === 'x' ? String.fromCharCode(parseInt(this.src.slice(this.i, (this.i += 2)), 16)) : e;
        }
        for (let k = lo.charCodeAt(0); k <= hi.charCodeAt(0) && k < ASCII; k++) set[k] = 1;
      } else if (lo.charCodeAt(0) < ASCII) set[lo.charCodeAt(0)] = 1;
    }
    this.i++; // "]"
    return negate ? set.map((v) => 1 - v) : set;
  }
}

function escapeSet(e: string): CharSet {
  switch (e) {
    case 'd':
      return ofTest((x) => /\d/.test(x));
    case 'w':
      return ofTest((x) => /\w/.test(x));
    case 's':
      return ofTest((x) => /\s/.test(x));
    case 'D':
      return ofTest((x) => !/\d/.test(x));
    case 'W':
      return ofTest((x) => !/\w/.test(x));
    case 'S':
      return ofTest((x) => !/\s/.test(x));
    default:
      return ofChars(e);
  }
}

/** The ASCII characters that can start a match of `source` at the start of a string. */
export function firstChars(source: string): CharSet {
  try {
    const p = new Parser(source);
    const f = p.alternation();
    // A pattern that can match the empty string may match anything.
    return p.i >= source.length && !f.nullable ? f.chars : all();
  } catch {
    return all();
  }
}
