/** setup.py, read statically: the keyword literals of the `setup(...)` call. */
import { saneYamlDump } from '../saneyaml';
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput } from '../package-data';
import { assemblePythonLayout } from './assemble';
import { buildDescription, declaredLicense, getUrls, keywords, mappingMetaInfo, parties } from './metainfo';
import { LiteralReader, tokenize, type PyValue } from './python-literals';
import { requiresDependencies } from './requirement';

/** The keyword arguments of the first top-level `setup(`/`main(`/`setuptools.setup(` call with literal values. */
export function setupArgs(src: string): Record<string, PyValue> {
  const tokens = tokenize(src);
  const names = new Map<string, PyValue>();
  const reader = new LiteralReader(tokens, names);
  const args: Record<string, PyValue> = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    const atStatement = !prev || prev.kind === 'newline';
    if (atStatement && t.kind === 'name' && tokens[i + 1]?.value === '=' && t.depth === 0) {
      reader.pos = i + 2;
      const v = reader.expression();
      if (v !== undefined) names.set(t.value, v);
      continue;
    }
    const isCall = t.kind === 'name' && tokens[i + 1]?.value === '(' && (t.value === 'setup' || t.value === 'main') && (prev?.value !== '.' || tokens[i - 2]?.value === 'setuptools');
    if (!isCall || prev?.value === 'def') continue;
    reader.pos = i + 2;
    while (reader.peek() && reader.peek()?.value !== ')') {
      const key = reader.peek();
      if (key?.kind === 'name' && reader.peek(1)?.value === '=') {
        reader.pos += 2;
        const v = reader.expression();
        if (v !== undefined) args[key.value] = v;
      } else reader.skipExpression();
      if (reader.peek()?.value === ',') reader.pos++;
      else if (reader.peek()?.value !== ')') break;
    }
    if (Object.keys(args).length) return args;
  }
  return args;
}

function str(v: PyValue | undefined): string | null {
  return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
}

export const setupPyHandler: DatafileHandler = {
  datasourceId: 'pypi_setup_py',
  pathPatterns: ['*setup.py'],
  defaultPackageType: 'pypi',
  defaultPrimaryLanguage: 'Python',
  description: 'Python setup.py',
  documentationUrl: 'https://docs.python.org/3.11/distutils/setupscript.html',
  parse: ({ content }) => {
    const src = content.toString('utf8');
    if (src.includes('\u0000')) throw new Error('binary content is not a setup.py');
    const args = setupArgs(src);
    const name = str(args['name']);
    // ScanCode also searches `__version__` in setup.py (and sibling modules, which a pure parser cannot read).
    const version = str(args['version']) ?? /^__version__\s*=\s*['"]([^'"]*)['"]/m.exec(src)?.[1] ?? null;
    const meta = mappingMetaInfo(args as Record<string, unknown>);
    const { urls, extraData } = getUrls(meta, name, version);
    const deps: DependencyInput[] = [
      ...requiresDependencies(args['install_requires'] as PyValue[], { defaultScope: 'install' }),
      ...requiresDependencies(args['tests_requires'] as PyValue[], { defaultScope: 'tests' }),
      ...requiresDependencies(args['setup_requires'] as PyValue[], { defaultScope: 'setup' }),
    ];
    const extras = args['extras_require'];
    if (extras && typeof extras === 'object' && !Array.isArray(extras)) {
      for (const [scope, reqs] of Object.entries(extras)) deps.push(...requiresDependencies(reqs as PyValue[], { defaultScope: scope }));
    }
    if (args['python_requires']) extraData['python_requires'] = args['python_requires'];
    const { statement, licenseFile } = declaredLicense(meta);
    if (licenseFile) extraData['license_file'] = licenseFile;
    return [packageData('pypi_setup_py', {
      type: 'pypi', primary_language: 'Python', name, version,
      description: buildDescription(meta.get('Summary'), meta.get('Description')),
      parties: parties(meta, true), extracted_license_statement: statement && saneYamlDump(statement), dependencies: deps,
      keywords: keywords(meta), extra_data: extraData, ...urls,
    })];
  },
  assemble: assemblePythonLayout,
};
