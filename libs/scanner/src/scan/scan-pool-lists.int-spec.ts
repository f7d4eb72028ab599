/**
 * The pool's list calls (license fields of statements, copyright holders) cut a list across the
 * workers: the answers must be those of the calling thread, in the list's order.
 */
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
});
