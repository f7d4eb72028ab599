import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture, assemblySummary } from '../cargo/codebase-fixture.testing';
import { expectGolden } from '../golden.testing';
import type { DatafileHandler } from '../handler';
import { matchingHandlers, recognizePackageData } from '../recognize';
import { gemArchiveHandler } from './gem-archive';
import { gemfileHandler } from './gemfile';
import { gemfileLockHandler } from './gemfile-lock';
import { gemspecHandler, installedGemspecHandler, readGemspec } from './gemspec';
import { handlers } from './index';

const data = join(__dirname, 'testdata');
const golden = (h: DatafileHandler, rel: string) =>
  expectGolden(h.parse({ path: rel, content: readFileSync(join(data, rel)) }), join(data, `${rel.replace(/\//g, '_')}.expected.json`));
const INSTALLED = 'project/vendor/bundle/ruby/3.2.0/specifications/nio4r-2.7.0.gemspec';

describe('rubygems handlers', () => {
  it('match ScanCode path patterns, installed specs by their own datasource only', () => {
    const ids = (p: string) => matchingHandlers(p, handlers).filter((h) => !h.accepts || h.accepts(Buffer.alloc(0), p)).map((h) => h.datasourceId);
    expect(ids('a/Gemfile')).toEqual(['gemfile']);
    expect(ids('a/rails.gemfile')).toEqual(['gemfile']);
    expect(ids('a/Gemfile-rails7')).toEqual(['gemfile']);
    expect(ids('a/Gemfile.lock')).toEqual(['gemfile_lock']);
    expect(ids('x.gemspec')).toEqual(['gemspec']);
    expect(ids(INSTALLED)).toEqual(['gem_gemspec_installed_specifications']);
    expect(ids('pkg/x-1.0.gem')).toEqual(['gem_archive']);
  });

  it('parses a gemspec statically', () => golden(gemspecHandler, 'project/tinyqueue.gemspec'));
  it('parses an installed specification', () => golden(installedGemspecHandler, INSTALLED));
  it('parses a Gemfile', () => golden(gemfileHandler, 'project/Gemfile'));
  it('parses a Gemfile.lock', () => golden(gemfileLockHandler, 'project/Gemfile.lock'));
  it('parses a .gem archive', () => golden(gemArchiveHandler, 'tinyqueue-0.3.1.gem'));

  it('keeps an unresolved constant as written', () => {
    const gem = readGemspec('Gem::Specification.new do |s|\n  s.name = "a"\n  s.version = Other::VERSION\nend\n');
    expect(gem.version).toBe('Other::VERSION');
  });

  it('throws clear messages on broken files', () => {
    const junk = Buffer.from('\u0000\u0001garbage');
    expect(() => gemspecHandler.parse({ path: 'x.gemspec', content: Buffer.from('puts 1') })).toThrow('not a gemspec: no Gem::Specification.new block');
    expect(() => installedGemspecHandler.parse({ path: INSTALLED, content: junk })).toThrow('not a gemspec: binary content');
    expect(() => gemfileHandler.parse({ path: 'Gemfile', content: junk })).toThrow('not a Gemfile: binary content');
    expect(() => gemfileLockHandler.parse({ path: 'Gemfile.lock', content: Buffer.from('  gem (1.0)\n') })).toThrow(/^not a Gemfile.lock/);
    const gem = readFileSync(join(data, 'tinyqueue-0.3.1.gem'));
    expect(() => gemArchiveHandler.parse({ path: 'x.gem', content: gem.subarray(0, 700) })).toThrow('not a .gem archive: truncated tar entry');
    expect(() => gemArchiveHandler.parse({ path: 'x.gem', content: Buffer.alloc(1024, 65) })).toThrow('not a .gem archive: invalid tar header');
    expect(recognizePackageData('x.gem', junk, handlers).errors[0]).toMatch(/^ERROR: for scanner: packages:\ngem_archive: /);
  });

  it('assembles gemspec + Gemfile + Gemfile.lock into one package, installed specs on their own', () => {
    const ctx = assembleFixture(join(data, 'project'), handlers);
    expectGolden(assemblySummary(ctx), join(data, 'project.assembly.expected.json'));
    const [project, nio4r] = ctx.packages;
    expect(project.datasource_ids).toEqual(['gemspec', 'gemfile', 'gemfile_lock']);
    expect(nio4r.purl).toBe('pkg:gem/nio4r@2.7.0');
  });
});
