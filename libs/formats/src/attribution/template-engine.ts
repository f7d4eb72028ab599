/**
 * A small, logic-less template language for attribution pages. It never executes code: values
 * are looked up in the context by dotted path (own properties only), and output is HTML-escaped
 * unless the `raw` (or `safe`) filter is used. The syntax is a Django-like subset, so templates
 * written for ScanCode.io's attribution page mostly render unchanged:
 *
 * - `{{ package.name }}`: escaped value (`null`/`undefined` → empty, lists joined with ", ").
 * - Filters, chained with `|`: `raw`/`safe` (no escaping), `urlize` (escape, then link
 *   http(s) URLs), `default:"text"`, `upper`, `lower`, `length`.
 * - `{% if path %}…{% else %}…{% endif %}`, with `not path`; falsy: empty string/list/object,
 *   0, false, null.
 * - `{% for item in path %}…{% empty %}…{% endfor %}`; inside, `forloop.counter` (1-based),
 *   `forloop.counter0`, `forloop.first`, `forloop.last`.
 * - `{# comment #}`; `{% block name %}`/`{% endblock %}` are accepted and render their content.
 *
 * Any other tag, an unknown filter or an unbalanced block raises TemplateSyntaxError.
 */

export class TemplateSyntaxError extends Error {}

export type TemplateContext = Readonly<Record<string, unknown>>;

interface Expression {
  path: string[];
  negate: boolean;
  filters: { name: string; arg: string | null }[];
}
type Node =
  | { type: 'text'; text: string }
  | { type: 'var'; expr: Expression }
  | { type: 'if'; expr: Expression; then: Node[]; else: Node[] }
  | { type: 'for'; name: string; expr: Expression; body: Node[]; empty: Node[] };

const FILTERS = new Set(['raw', 'safe', 'urlize', 'default', 'upper', 'lower', 'length']);
const TAG = /\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}|\{#[\s\S]*?#\}/g;
const PATH = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] ?? char);
}

function parseExpression(source: string): Expression {
  const [head = '', ...filterSources] = source.split('|').map((part) => part.trim());
  const negate = head.startsWith('not ');
  const pathText = negate ? head.slice(4).trim() : head;
  if (!PATH.test(pathText)) throw new TemplateSyntaxError(`Invalid variable: "${source.trim()}"`);
  const filters = filterSources.map((filter) => {
    const match = /^([a-z]+)(?::"([^"]*)")?$/.exec(filter);
    if (!match || !FILTERS.has(match[1] ?? '')) throw new TemplateSyntaxError(`Unknown filter: "${filter}"`);
    return { name: match[1] ?? '', arg: match[2] ?? null };
  });
  return { path: pathText.split('.'), negate, filters };
}

/** Parses a template into a tree; throws TemplateSyntaxError on invalid syntax. */
export function parseTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: { node: Node | null; target: Node[] }[] = [{ node: null, target: root }];
  const current = () => stack[stack.length - 1] as { node: Node | null; target: Node[] };
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    if (match.index > last) current().target.push({ type: 'text', text: template.slice(last, match.index) });
    last = match.index + match[0].length;
    if (match[1] !== undefined) current().target.push({ type: 'var', expr: parseExpression(match[1]) });
    else if (match[2] !== undefined) handleTag(match[2].trim(), stack, current);
  }
  if (last < template.length) current().target.push({ type: 'text', text: template.slice(last) });
  if (stack.length > 1) throw new TemplateSyntaxError('Unclosed {% if %} or {% for %} block');
  return root;
}

function handleTag(tag: string, stack: { node: Node | null; target: Node[] }[], current: () => { node: Node | null; target: Node[] }): void {
  const [keyword = '', ...rest] = tag.split(/\s+/);
  const open = current().node;
  if (keyword === 'block' || keyword === 'endblock') return;
  if (keyword === 'if') {
    const node: Node = { type: 'if', expr: parseExpression(rest.join(' ')), then: [], else: [] };
    current().target.push(node);
    stack.push({ node, target: node.then });
  } else if (keyword === 'for') {
    if (rest.length < 3 || rest[1] !== 'in' || !/^[A-Za-z_]\w*$/.test(rest[0] ?? '')) throw new TemplateSyntaxError(`Invalid for tag: "${tag}"`);
    const node: Node = { type: 'for', name: rest[0] ?? '', expr: parseExpression(rest.slice(2).join(' ')), body: [], empty: [] };
    current().target.push(node);
    stack.push({ node, target: node.body });
  } else if (keyword === 'else' && open?.type === 'if') {
    current().target = open.else;
  } else if (keyword === 'empty' && open?.type === 'for') {
    current().target = open.empty;
  } else if ((keyword === 'endif' && open?.type === 'if') || (keyword === 'endfor' && open?.type === 'for')) {
    stack.pop();
  } else {
    throw new TemplateSyntaxError(`Unexpected tag: "{% ${tag} %}"`);
  }
}

function lookup(scope: TemplateContext, path: readonly string[]): unknown {
  let value: unknown = scope;
  for (const part of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'function' ? undefined : value;
}

export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(toText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function urlize(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}" rel="nofollow">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

function renderVariable(expr: Expression, scope: TemplateContext): string {
  let value = lookup(scope, expr.path);
  let escaped = false;
  for (const { name, arg } of expr.filters) {
    if (name === 'raw' || name === 'safe') escaped = true;
    else if (name === 'urlize') { value = urlize(toText(value)); escaped = true; }
    else if (name === 'default') value = isTruthy(value) ? value : (arg ?? '');
    else if (name === 'upper') value = toText(value).toUpperCase();
    else if (name === 'lower') value = toText(value).toLowerCase();
    else if (name === 'length') value = Array.isArray(value) ? value.length : toText(value).length;
  }
  const text = toText(value);
  return escaped ? text : escapeHtml(text);
}

function renderNodes(nodes: readonly Node[], scope: TemplateContext): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.text;
    else if (node.type === 'var') out += renderVariable(node.expr, scope);
    else if (node.type === 'if') {
      const truthy = isTruthy(lookup(scope, node.expr.path)) !== node.expr.negate;
      out += renderNodes(truthy ? node.then : node.else, scope);
    } else {
      const items = lookup(scope, node.expr.path);
      const list = Array.isArray(items) ? items : [];
      if (list.length === 0) out += renderNodes(node.empty, scope);
      list.forEach((item: unknown, index) => {
        const forloop = { counter: index + 1, counter0: index, first: index === 0, last: index === list.length - 1 };
        out += renderNodes(node.body, { ...scope, [node.name]: item, forloop });
      });
    }
  }
  return out;
}

/** Renders `template` with `context` (see the module comment for the syntax). */
export function renderTemplate(template: string, context: TemplateContext): string {
  return renderNodes(parseTemplate(template), context);
}
