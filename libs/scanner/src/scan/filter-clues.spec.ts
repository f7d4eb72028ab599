import type { LicenseMatch, LicenseScan, RuleIgnorables } from '../license';
import { filterClues, type FileClues } from './filter-clues';

const match = (rule_identifier: string, start_line: number, end_line: number, match_coverage = 100): LicenseMatch => ({
  license_expression: 'gpl-2.0', license_expression_spdx: 'GPL-2.0-only', from_file: null, start_line, end_line, matcher: '2-aho',
  score: match_coverage, matched_length: 100, match_coverage, rule_relevance: 100, rule_identifier, rule_url: null,
});

const license = (...matches: LicenseMatch[]): LicenseScan => ({
  detected_license_expression: 'gpl-2.0', detected_license_expression_spdx: 'GPL-2.0-only',
  license_detections: [{ license_expression: 'gpl-2.0', license_expression_spdx: 'GPL-2.0-only', matches, identifier: 'gpl_2_0-x' }],
  license_clues: [], percentage_of_license_text: 90,
});

const IGNORABLES: Record<string, RuleIgnorables> = {
  'gpl-2.0.LICENSE': { copyrights: ['Copyright (c) 1989, 1991 Free Software Foundation, Inc.'], holders: ['Free Software Foundation, Inc.'] },
  'apache-2.0.LICENSE': { urls: ['http://www.apache.org/licenses/'] },
};
const ignorablesOf = (id: string): RuleIgnorables | undefined => IGNORABLES[id];

function gplFile(coverage = 100): FileClues {
  return {
    license: license(match('gpl-2.0.LICENSE', 1, 340, coverage)),
    copyright: {
      copyrights: [
        { copyright: 'Copyright (c) 1989, 1991 Free Software Foundation, Inc.', start_line: 4, end_line: 4 },
        { copyright: 'Copyright (c) 2021 Jane Doe <jane@doe-labs.io>', start_line: 400, end_line: 400 },
      ],
      holders: [
        { holder: 'Free Software Foundation, Inc.', start_line: 4, end_line: 4 },
        { holder: 'Jane Doe', start_line: 400, end_line: 400 },
      ],
      authors: [{ author: 'Jane Doe', start_line: 400, end_line: 400 }],
    },
    emails: [{ email: 'jane@doe-labs.io', start_line: 400, end_line: 400 }, { email: 'help@doe-labs.io', start_line: 402, end_line: 402 }],
    urls: [{ url: 'https://doe-labs.io/', start_line: 403, end_line: 403 }],
  };
}

describe('--filter-clues', () => {
  it("drops the copyright and holder a matched license text contains, keeping the file's own", () => {
    const scan = gplFile();
    filterClues(scan, ignorablesOf);
    expect(scan.copyright?.copyrights.map((c) => c.copyright)).toEqual(['Copyright (c) 2021 Jane Doe <jane@doe-labs.io>']);
    expect(scan.copyright?.holders.map((h) => h.holder)).toEqual(['Jane Doe']);
  });

  it('drops emails inside a detected copyright and authors inside a holder, on the same lines', () => {
    const scan = gplFile();
    filterClues(scan, ignorablesOf);
    expect(scan.emails?.map((e) => e.email)).toEqual(['help@doe-labs.io']);
    expect(scan.copyright?.authors).toEqual([]);
    expect(scan.urls?.map((u) => u.url)).toEqual(['https://doe-labs.io/']);
  });

  it('trusts no partial match: under 90% of its rule, its clues stay', () => {
    const scan = gplFile(85);
    filterClues(scan, ignorablesOf);
    expect(scan.copyright?.copyrights).toHaveLength(2);
    expect(scan.copyright?.holders).toHaveLength(2);
  });

  it('compares URLs without their slashes, and only on the lines of the match', () => {
    const scan: FileClues = {
      license: license(match('apache-2.0.LICENSE', 1, 176)),
      copyright: null,
      emails: null,
      urls: [
        { url: 'http://www.apache.org/licenses', start_line: 4, end_line: 4 },
        { url: 'http://www.apache.org/licenses/', start_line: 190, end_line: 190 },
      ],
    };
    filterClues(scan, ignorablesOf);
    expect(scan.urls).toEqual([{ url: 'http://www.apache.org/licenses/', start_line: 190, end_line: 190 }]);
  });

  it('leaves a file without clues or without license matches as it was', () => {
    const bare: FileClues = { license: null, copyright: null, emails: [], urls: [] };
    filterClues(bare, ignorablesOf);
    expect(bare).toEqual({ license: null, copyright: null, emails: [], urls: [] });
    const noLicense = { ...gplFile(), license: null };
    filterClues(noLicense, ignorablesOf);
    expect(noLicense.copyright?.copyrights).toHaveLength(2);
    expect(noLicense.emails?.map((e) => e.email)).toEqual(['help@doe-labs.io']);
  });
});
