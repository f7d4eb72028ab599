/**
 * The pool's list calls (license fields of statements, copyright holders) cut a list across the
 * workers: the answers must be those of the calling thread, in the list's order.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSystemDatafile } from '../container/rootfs-packages';
import { statementLicenseFields } from '../packages/license-fields';
import { copyrightHolders } from './copyright-holders';
import { ScanPool } from './scan-pool';

const STATEMENTS = ['MIT', 'GPL-2.0-or-later', 'Apache-2.0', 'BSD-3-Clause', 'LGPL-2.1+', 'ISC', 'Zlib'];
const COPYRIGHTS = [
  'Copyright (c) 2001 Free Software Foundation, Inc.',
  'Copyright 1999-2004 Jane Doe <jane@example.org>\nCopyright 2010 Example Corp.',
  '',
  '(C) 2020 The Project Authors',
  'Copyright: 2015, Software in the Public Interest, Inc.',
];

describe('ScanPool list calls across workers', () => {
  const pool = new ScanPool({ processes: 2, workerMemoryMb: 512 });
  afterAll(() => pool.close());

  it('warms up without failing, then gives the calling thread\'s answers in order', async () => {
    pool.warmUp();
    const tasks = STATEMENTS.map((statement) => ({ statement, path: 'usr/share/doc/x/copyright' }));
    expect(await pool.licenseFields(tasks)).toEqual(tasks.map(statementLicenseFields));
    expect(await pool.copyrightHolders(COPYRIGHTS)).toEqual(COPYRIGHTS.map(copyrightHolders));
    expect(await pool.copyrightHolders([])).toEqual([]);
    expect(await pool.licenseFields([])).toEqual([]);
  });

  it('parses system datafiles as the calling thread does, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-datafiles-'));
    try {
      const files = {
        'status': 'Package: a\nStatus: install ok installed\nVersion: 1.0\nArchitecture: amd64\n\nPackage: b\nStatus: install ok installed\nVersion: 2\n',
        'copyright-unstructured': 'This package was debianized by Jane Doe.\nCopyright (C) 2001 Example Corp.\nLicense: GPL\n',
        'copyright-dep5': 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\nFiles: *\nCopyright: 2015 Someone\nLicense: MIT\n',
      };
      const paths = { 'status': 'root/var/lib/dpkg/status', 'copyright-unstructured': 'root/usr/share/doc/a/copyright', 'copyright-dep5': 'root/usr/share/doc/b/copyright' };
      const tasks = Object.entries(files).map(([name, text]) => {
        const absPath = join(dir, ...paths[name as keyof typeof paths].split('/'));
        mkdirSync(join(absPath, '..'), { recursive: true });
        writeFileSync(absPath, text);
        return { absPath, path: paths[name as keyof typeof paths] };
      });
      const inThread = tasks.map(parseSystemDatafile);
      expect(inThread.every((r) => r.packageData.length > 0)).toBe(true);
      expect(await pool.systemDatafiles(tasks)).toEqual(inThread);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
