/**
 * map_deploy_to_develop with a PurlDB: a local HTTP server answers as PurlDB's API documents
 * (HEAD /api/, POST packages/ and resources/filter_by_checksums/ with a form of sha1s, GET a
 * package's details with format=json) and records what it was asked.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PipelineHarness, scancodeioTestdata, type HarnessResult } from '@sca/testing';

interface Asked {
  method: string;
  path: string;
  form: URLSearchParams;
}

interface FakePurlDb {
  url: string;
  asked: Asked[];
  close(): Promise<void>;
}

/** PurlDB knowing `packages` by archive sha1 and `resources` (sha1 -> package details), paginating filter_by_checksums by one result. */
async function fakePurlDb(opts: { available?: boolean; packages?: Record<string, Record<string, unknown>>; resources?: Record<string, Record<string, unknown>> }): Promise<FakePurlDb> {
  const asked: Asked[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const form = new URLSearchParams(body);
      asked.push({ method: req.method ?? '', path: url.pathname, form });
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (url.pathname === '/api/') return res.writeHead(opts.available === false ? 503 : 200).end();
      const page = (found: Record<string, unknown>[]) => {
        const at = Number(url.searchParams.get('page') ?? '1');
        const next = at < found.length ? `${base}${url.pathname}?page=${at + 1}` : null;
        json(200, { count: found.length, next, previous: null, results: found.slice(at - 1, at) });
      };
      const sha1s = form.getAll('sha1');
      if (url.pathname === '/api/packages/filter_by_checksums/') return page(sha1s.flatMap((s) => (opts.packages?.[s] ? [{ ...opts.packages[s], sha1: s }] : [])));
      if (url.pathname === '/api/resources/filter_by_checksums/') return page(sha1s.flatMap((s) => (opts.resources?.[s] ? [{ sha1: s, package: `${base}/api/packages/${s}/` }] : [])));
      const pkg = /^\/api\/packages\/([0-9a-f]{40})\/$/.exec(url.pathname);
      if (pkg && opts.resources?.[pkg[1]] && url.searchParams.get('format') === 'json') return json(200, opts.resources[pkg[1]]);
      json(404, { detail: 'Not found.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const FROM = () => scancodeioTestdata('d2d', 'jars', 'from-flume-ng-node-1.9.0.zip');
const TO = () => scancodeioTestdata('d2d', 'jars', 'to-flume-ng-node-1.9.0.zip');
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

/** The sha1 of a member of the deployed zip (the jar), or of a member of that jar. */
function deployedSha1(member: string, inJar?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'purldb-'));
  try {
    execFileSync('unzip', ['-q', TO(), '-d', dir]);
    if (!inJar) return sha1(readFileSync(join(dir, member)));
    execFileSync('unzip', ['-q', join(dir, member), inJar, '-d', join(dir, 'jar')]);
    return sha1(readFileSync(join(dir, 'jar', inJar)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FLUME = { type: 'maven', namespace: 'org.apache.flume', name: 'flume-ng-node', version: '1.9.0', purl: 'pkg:maven/org.apache.flume/flume-ng-node@1.9.0', declared_license_expression: 'apache-2.0', uuid: 'b2a6c0f4-0000-4000-8000-000000000000', dependencies: [] };

async function runWith(purldb: FakePurlDb): Promise<HarnessResult> {
  const harness = await PipelineHarness.start({ purldb: { url: purldb.url } });
  try {
    return await harness.run({ pipeline: 'map_deploy_to_develop', groups: ['Java'], inputs: [FROM(), TO()] });
  } finally {
    await harness.close();
  }
}

describe('map_deploy_to_develop:Java with a PurlDB', () => {
  it('matches the deployed jar as a package archive: the jar and all it holds belong to the package', async () => {
    const jar = deployedSha1('flume-ng-node-1.9.0.jar');
    const purldb = await fakePurlDb({ packages: { [jar]: FLUME } });
    try {
      const r = await runWith(purldb);
      expect([r.status, r.taskOutput]).toEqual(['success', '']);
      const asked = purldb.asked.find((a) => a.path === '/api/packages/filter_by_checksums/');
      expect(asked?.method).toBe('POST');
      expect([asked?.form.getAll('sha1'), asked?.form.get('enhance_package_data')]).toEqual([[jar], 'True']);
      expect(r.packages.map((p) => p.purl)).toContain('pkg:maven/org.apache.flume/flume-ng-node@1.9.0');
      const toFiles = r.resources.filter((x) => x.tag === 'to' && x.type === 'file');
      expect(toFiles.every((x) => x.status === 'matched-to-purldb-package')).toBe(true);
      expect(toFiles.every((x) => (x.for_packages as string[]).some((p) => p.startsWith('pkg:maven/org.apache.flume/flume-ng-node@1.9.0')))).toBe(true);
      expect(r.relations.filter((x) => x.map_type === 'java_to_class')).toEqual([]);
    } finally {
      await purldb.close();
    }
  }, 120_000);

  it('matches a deployed class as a package resource, following the package URL and every result page', async () => {
    const known = 'org/apache/flume/node/Application.class';
    const other = 'org/apache/flume/node/Application$1.class';
    const purldb = await fakePurlDb({ resources: { [deployedSha1('flume-ng-node-1.9.0.jar', known)]: FLUME, [deployedSha1('flume-ng-node-1.9.0.jar', other)]: FLUME } });
    try {
      const r = await runWith(purldb);
      expect([r.status, r.taskOutput]).toEqual(['success', '']);
      const status = (p: string) => r.resources.find((x) => x.path === `to/flume-ng-node-1.9.0.jar-extract/${p}`)?.status;
      expect([status(known), status(other)]).toEqual(['matched-to-purldb-resource', 'matched-to-purldb-resource']);
      expect(status('org/apache/flume/node/ConfigurationProvider.class')).toBe('mapped');
      expect(purldb.asked.filter((a) => a.path.startsWith('/api/packages/') && a.method === 'GET')).toHaveLength(2);
      expect(r.packages.filter((p) => p.purl === 'pkg:maven/org.apache.flume/flume-ng-node@1.9.0').length).toBeGreaterThan(0);
    } finally {
      await purldb.close();
    }
  }, 120_000);

  it('skips PurlDB when it does not answer, and maps as without one', async () => {
    const purldb = await fakePurlDb({ available: false });
    try {
      const r = await runWith(purldb);
      expect([r.status, r.taskOutput]).toEqual(['success', '']);
      expect(r.log).toContain('PurlDB is not available. Skipping.');
      expect(purldb.asked.map((a) => `${a.method} ${a.path}`)).toEqual(['HEAD /api/']);
      expect(r.relations.filter((x) => x.map_type === 'java_to_class')).toHaveLength(15);
    } finally {
      await purldb.close();
    }
  }, 120_000);
});
