import type { NumberedLine } from '../text';
import { findEmails, findUrls } from './index';

const lines = (text: string): NumberedLine[] => text.split('\n').map((t, i) => ({ line: i + 1, text: t }));
const urls = (text: string, threshold?: number): string[] => findUrls(lines(text), { threshold }).map((u) => u.url);
const emails = (text: string, threshold?: number): string[] => findEmails(lines(text), { threshold }).map((e) => e.email);

describe('findEmails', () => {
  it('reports line numbers and removes duplicates', () => {
    expect(findEmails(lines('a\nmail jane@acme.org or jane@acme.org\nbob@gnu.org'))).toEqual([
      { email: 'jane@acme.org', start_line: 2, end_line: 2 },
      { email: 'bob@gnu.org', start_line: 3, end_line: 3 },
    ]);
  });

  it('drops example domains, reserved TLDs and url fragments', () => {
    expect(emails('foo@example.com bar@sub.example.org x@host.test https://u@github.com/x git@github.com:a/b')).toEqual([]);
  });

  it('accepts mailto: and trims a sentence period', () => {
    expect(emails('Write to mailto:info@fsf.org.')).toEqual(['info@fsf.org']);
  });

  it('stops at the threshold (default 50, 0 = no limit)', () => {
    const many = Array.from({ length: 60 }, (_, i) => `dev${i}@acme.org`).join(' ');
    expect(emails(many)).toHaveLength(50);
    expect(emails(many, 5)).toHaveLength(5);
    expect(emails(many, 0)).toHaveLength(60);
  });
});

describe('findUrls', () => {
  it('adds http:// to www. urls and canonicalizes bare hosts', () => {
    expect(urls('see www.gnu.org/licenses and https://Acme.IO')).toEqual(['http://www.gnu.org/licenses', 'https://acme.io/']);
  });

  it('strips trailing punctuation and unbalanced brackets', () => {
    expect(urls('(see https://github.com/a/b). Or [x](https://acme.io/x_(y)), "https://acme.io/q?a=1";')).toEqual([
      'https://github.com/a/b',
      'https://acme.io/x_(y)',
      'https://acme.io/q?a=1',
    ]);
  });

  it('removes user and password', () => {
    expect(urls('https://user:s3cret@git.acme.io/r.git ftp://anon@ftp.acme.io/pub')).toEqual(['https://git.acme.io/r.git', 'ftp://ftp.acme.io/pub']);
  });

  it('drops private, local and placeholder hosts', () => {
    const text = 'http://localhost:3000 http://127.0.0.1/ http://10.0.0.1 http://172.16.4.4 http://192.168.1.1 http://[::1]:80/ https://example.com/x http://intranet/ http://${host}/ https://api.test/';
    expect(urls(text)).toEqual([]);
    expect(urls('http://8.8.8.8/dns')).toEqual(['http://8.8.8.8/dns']);
  });

  it('drops XML namespace, DTD and schema urls', () => {
    const text = 'xmlns="http://www.w3.org/1999/xhtml" http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd http://maven.apache.org/POM/4.0.0 https://acme.io/schema/config.xsd';
    expect(urls(text)).toEqual([]);
    expect(urls('https://www.w3.org/Consortium/Legal/2015/copyright-software-and-document')).toHaveLength(1);
  });

  it('keeps git-style remotes and respects the threshold', () => {
    expect(urls('git@github.com:acme/widget.git')).toEqual(['git@github.com:acme/widget.git']);
    const many = Array.from({ length: 60 }, (_, i) => `https://acme.io/p/${i}`).join(' ');
    expect(urls(many)).toHaveLength(50);
    expect(urls(many, 3)).toHaveLength(3);
  });
});
