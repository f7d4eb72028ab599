import { renderTemplate, TemplateSyntaxError } from './template-engine';

describe('renderTemplate', () => {
  it('escapes values by default and keeps raw/safe output', () => {
    const context = { html: '<b>"x" & \'y\'</b>' };
    expect(renderTemplate('{{ html }}', context)).toBe('&lt;b&gt;&quot;x&quot; &amp; &#x27;y&#x27;&lt;/b&gt;');
    expect(renderTemplate('{{ html|raw }}|{{ html | safe }}', context)).toBe('<b>"x" & \'y\'</b>|<b>"x" & \'y\'</b>');
  });

  it('looks up dotted paths and renders missing values as empty', () => {
    expect(renderTemplate('{{ a.b.c }}-{{ a.missing.x }}-{{ none }}', { a: { b: { c: 3 } }, none: null })).toBe('3--');
  });

  it('never reaches prototypes or calls functions', () => {
    expect(renderTemplate('{{ a.constructor }}{{ a.toString }}{{ a.__proto__ }}{{ f }}', { a: {}, f: () => 'called' })).toBe('');
  });

  it('supports if/else/not', () => {
    const template = '{% if list %}yes{% else %}no{% endif %}/{% if not name %}anon{% endif %}';
    expect(renderTemplate(template, { list: [1], name: '' })).toBe('yes/anon');
    expect(renderTemplate(template, { list: [], name: 'x' })).toBe('no/');
  });

  it('supports for loops with forloop counters and empty', () => {
    const template = '{% for item in items %}{{ forloop.counter }}:{{ item.name }}{% if not forloop.last %},{% endif %}{% empty %}none{% endfor %}';
    expect(renderTemplate(template, { items: [{ name: 'a' }, { name: '<b>' }] })).toBe('1:a,2:&lt;b&gt;');
    expect(renderTemplate(template, { items: [] })).toBe('none');
  });

  it('applies filters', () => {
    expect(renderTemplate('{{ url|urlize }}', { url: 'see https://example.com/a?b=1&c=2 <now>' })).toBe(
      'see <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow">https://example.com/a?b=1&amp;c=2</a> &lt;now&gt;',
    );
    expect(renderTemplate('{{ x|default:"n/a" }} {{ s|upper }} {{ s|lower }} {{ l|length }}', { x: '', s: 'Ab', l: [1, 2] })).toBe('n/a AB ab 2');
  });

  it('drops comments and accepts Django block tags', () => {
    expect(renderTemplate('{# note #}{% block title %}T{% endblock %}', {})).toBe('T');
  });

  it('rejects unknown tags, filters and unbalanced blocks', () => {
    for (const bad of ['{% include "x" %}', '{{ x|system:"ls" }}', '{% if x %}', '{% endfor %}', '{{ x() }}', '{% for x of y %}{% endfor %}']) {
      expect(() => renderTemplate(bad, {})).toThrow(TemplateSyntaxError);
    }
  });
});
