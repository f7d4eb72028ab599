import spdxLicenses from 'spdx-license-list/full';
import { reportInputFromArrays } from '../report/report-input';
import { makePackage, makeProject } from '../xlsx/report-fixture.testing';
import { UNKNOWN_LICENSE_TEXT, type LicenseTextLookup } from './attribution-context';
import { pickAttributionTemplate, renderAttribution } from './render-attribution';

/** ScanCode keys are lower-cased SPDX ids here; the SPDX list gives names and texts. */
const spdxByLowerKey = new Map(Object.keys(spdxLicenses).map((id) => [id.toLowerCase(), id]));
const licenseTexts: LicenseTextLookup = (key) => {
  const spdx = spdxByLowerKey.get(key.toLowerCase());
  const entry = spdx ? spdxLicenses[spdx] : undefined;
  return spdx && entry ? { key: spdx.toLowerCase(), spdx, name: entry.name, text: entry.licenseText } : null;
};

const input = () => reportInputFromArrays(makeProject({ name: 'My <App>' }), {
  packages: [
    makePackage({
      homepage_url: 'https://left-pad.example/', copyright: 'Copyright (c) <Jane> & co', notice_text: 'NOTICE: keep',
      declared_license_expression: 'mit OR apache-2.0 OR mit', declared_license_expression_spdx: 'MIT OR Apache-2.0',
    }),
    makePackage({ purl: 'pkg:pypi/six@1.0', declared_license_expression: 'mit AND acme-proprietary' }),
    makePackage({ purl: 'pkg:generic/nolicense@1' }),
  ],
});

describe('renderAttribution', () => {
  it('renders the built-in page: title, tables of contents, package details and license texts', async () => {
    const html = await renderAttribution(input(), { licenseTexts });
    expect(html).toContain('<title>Attribution for My &lt;App&gt;</title>');
    expect(html).toContain('<h1>Attribution for My &lt;App&gt;</h1>');
    expect(html).toContain('<a href="#package_1">pkg:npm/left-pad@1.3.0</a>');
    expect(html).toContain('<a href="#package_3">pkg:generic/nolicense@1</a>');
    // licenses sorted by SPDX key; the unknown key gets a placeholder
    const toc = html.slice(html.indexOf('<ul id="licenses">'), html.indexOf('</ul>', html.indexOf('<ul id="licenses">')));
    expect([...toc.matchAll(/>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(['Apache-2.0', 'LicenseRef-unknown-acme-proprietary', 'MIT']);
    expect(html).toContain('License: <a href="#license_apache-2.0">Apache-2.0</a> OR <a href="#license_mit">MIT</a>');
    // simplified: operands sorted by key
    expect(html).toContain('<a href="#license_acme-proprietary">LicenseRef-unknown-acme-proprietary</a> AND <a href="#license_mit">MIT</a>');
    expect(html).toContain('Homepage: <a href="https://left-pad.example/" rel="nofollow">https://left-pad.example/</a>');
    expect(html).toContain('<pre>Copyright (c) &lt;Jane&gt; &amp; co</pre>');
    expect(html).toContain('<pre>NOTICE: keep</pre>');
    expect(html).toContain('<section class="license" id="license_mit">');
    expect(html).toContain('Permission is hereby granted, free of charge');
    expect(html).toContain('Apache License');
    expect(html).toContain(UNKNOWN_LICENSE_TEXT);
    expect(html).toContain('https://scancode-licensedb.aboutcode.org/mit');
  });

  it('renders a project-provided template with escaping', async () => {
    const template = '<h1>{{ project.name }}</h1>{% for p in packages %}[{{ forloop.counter }} {{ p.package_url }} {{ p.expression_links|safe }}]{% endfor %}'
      + '{% for l in licenses %}({{ l.spdx_license_key }}:{{ l.name }}){% endfor %}';
    const html = await renderAttribution(input(), { licenseTexts, template });
    expect(html).toBe(
      '<h1>My &lt;App&gt;</h1>'
      + '[1 pkg:npm/left-pad@1.3.0 <a href="#license_apache-2.0">Apache-2.0</a> OR <a href="#license_mit">MIT</a>]'
      + '[2 pkg:pypi/six@1.0 <a href="#license_acme-proprietary">LicenseRef-unknown-acme-proprietary</a> AND <a href="#license_mit">MIT</a>]'
      + '[3 pkg:generic/nolicense@1 ]'
      + '(Apache-2.0:Apache License 2.0)(LicenseRef-unknown-acme-proprietary:acme-proprietary)(MIT:MIT License)',
    );
  });

  it('shows an unparsable expression as escaped text', async () => {
    const bad = reportInputFromArrays(makeProject(), { packages: [makePackage({ declared_license_expression: 'mit AND (<x>' })] });
    const html = await renderAttribution(bad, { licenseTexts, template: '{{ packages.0.expression_links|raw }}' });
    expect(html).toBe('mit AND (&lt;x&gt;');
  });

  it('picks the first non-empty template in lookup order', () => {
    expect(pickAttributionTemplate('', null, 'codebase')).toBe('codebase');
    expect(pickAttributionTemplate('env', 'codebase')).toBe('env');
    expect(pickAttributionTemplate(undefined, '  ')).toBeUndefined();
  });
});
