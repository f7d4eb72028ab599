import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import { matchingHandlers } from '../recognize';
import { cargoLockHandler } from './cargo-lock';
import { cargoTomlHandler } from './cargo-toml';
import { assembleFixture, assemblySummary } from './codebase-fixture.testing';
import { handlers } from './index';

const data = join(__dirname, 'testdata');
const parse = (h: typeof cargoTomlHandler, rel: string) => h.parse({ path: rel, content: readFileSync(join(data, rel)) });

describe('cargo handlers', () => {
  it('match ScanCode path patterns', () => {
    expect(matchingHandlers('x/Cargo.toml', handlers).map((h) => h.datasourceId)).toEqual(['cargo_toml']);
    expect(matchingHandlers('Cargo.lock', handlers).map((h) => h.datasourceId)).toEqual(['cargo_lock']);
    expect(matchingHandlers('x/MyCargo.toml', handlers)).toEqual([]);
  });

  it.each(['crate/Cargo.toml', 'workspace/Cargo.toml', 'workspace/crates/cli/Cargo.toml'])('parses %s', (rel) => {
    expectGolden(parse(cargoTomlHandler, rel), join(data, `${rel.replace(/\//g, '_')}.expected.json`));
  });

  it.each(['crate/Cargo.lock', 'workspace/Cargo.lock'])('parses %s', (rel) => {
    expectGolden(parse(cargoLockHandler, rel), join(data, `${rel.replace(/\//g, '_')}.expected.json`));
  });

  it('reads v1 lockfile checksums from [metadata]', () => {
    const lock = Buffer.from([
      '[[package]]', 'name = "libc"', 'version = "0.2.40"', 'source = "registry+https://github.com/rust-lang/crates.io-index"', '',
      '[metadata]', '"checksum libc 0.2.40 (registry+https://github.com/rust-lang/crates.io-index)" = "6fd41f331ac7c5b8ac259b8bf82c75c0fb2e469bbf37d2becbba9a6a2221965b"',
    ].join('\n'));
    const [pd] = cargoLockHandler.parse({ path: 'Cargo.lock', content: lock });
    expect(pd.dependencies[0].resolved_package).toMatchObject({ purl: 'pkg:cargo/libc@0.2.40', sha256: '6fd41f331ac7c5b8ac259b8bf82c75c0fb2e469bbf37d2becbba9a6a2221965b' });
  });

  it('throws a clear message on broken files', () => {
    const content = Buffer.from('[package\nname = "x"');
    expect(() => cargoTomlHandler.parse({ path: 'Cargo.toml', content })).toThrow(/^invalid Cargo.toml: /);
    expect(() => cargoLockHandler.parse({ path: 'Cargo.lock', content })).toThrow(/^invalid Cargo.lock: /);
  });

  it('assembles a crate with its lockfile, linked to its tree', () => {
    const ctx = assembleFixture(join(data, 'crate'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'crate.assembly.expected.json'));
    expect(ctx.packages[0].sha256).toBeNull();
  });

  it('assembles workspace members with inherited fields, the virtual root as project dependencies', () => {
    const ctx = assembleFixture(join(data, 'workspace'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'workspace.assembly.expected.json'));
    const cli = ctx.packages.find((p) => p.name === 'harbor-cli');
    expect(cli).toMatchObject({
      version: '2.1.0', vcs_url: 'https://github.com/harbor/harbor', extracted_license_statement: 'Apache-2.0',
      parties: [{ type: 'person', role: 'author', name: 'Harbor Devs', email: 'devs@harbor.example', url: null }],
      repository_download_url: 'https://crates.io/api/v1/crates/harbor-cli/2.1.0/download',
    });
    const anyhow = ctx.dependencies.find((d) => d.purl === 'pkg:cargo/anyhow' && d.datafile_path.endsWith('cli/Cargo.toml'));
    expect(anyhow?.extracted_requirement).toBe('1.0.80');
  });
});
