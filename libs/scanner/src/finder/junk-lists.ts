/**
 * What the finders drop, as data: example and placeholder domains, and the namespace, DTD
 * and schema urls that appear in every XML or HTML file without saying anything about
 * where the code came from (ScanCode's junk lists in `cluecode/finder_data.py`, in spirit).
 */

/** Domains (and their subdomains) that are placeholders, never real contacts. */
export const JUNK_DOMAINS = new Set([
  'example.com',
  'example.org',
  'example.net',
  'example.edu',
  'test.com',
  'domain.com',
  'yourdomain.com',
  'your-domain.com',
  'mydomain.com',
  'company.com',
  'yourcompany.com',
  'somewhere.com',
  'somedomain.com',
  'host.com',
  'foo.com',
  'bar.com',
  'foo.bar',
  'email.com',
  'server.com',
  'localhost.localdomain',
]);

/** Top-level names reserved for documentation, tests and local networks (RFC 2606, 6761). */
export const JUNK_TLDS = new Set(['example', 'test', 'invalid', 'localhost', 'local', 'localdomain', 'internal', 'lan']);

/** Local parts that only appear in templates and docs ("user@host"). */
export const JUNK_EMAIL_USERS = new Set(['user', 'username', 'you', 'your', 'yourname', 'name', 'email', 'someone', 'foo', 'me']);

/**
 * URL prefixes (scheme, host and path start, lower-cased, scheme-less) of namespaces,
 * doctypes and schemas.
 */
export const JUNK_URL_PREFIXES = [
  'www.w3.org/19',
  'www.w3.org/20',
  'www.w3.org/tr/',
  'www.w3.org/xml/',
  'www.w3.org/ns/',
  'www.w3.org/math/',
  'w3.org/19',
  'w3.org/20',
  'schemas.microsoft.com/',
  'schemas.xmlsoap.org/',
  'schemas.openxmlformats.org/',
  'schemas.android.com/',
  'purl.org/dc/',
  'purl.org/rss/',
  'ns.adobe.com/',
  'xml.apache.org/',
  'java.sun.com/xml/ns/',
  'java.sun.com/dtd/',
  'xmlns.jcp.org/',
  'xmlns.oracle.com/',
  'maven.apache.org/pom/',
  'maven.apache.org/xsd/',
  'maven.apache.org/maven-v',
  'relaxng.org/ns/',
  'json-schema.org/',
  'www.springframework.org/schema/',
  'docbook.org/ns/',
  'www.oasis-open.org/docbook/xml/',
  'www.apple.com/dtds/',
  'xmlpull.org/v1/doc/features.html',
  'ant.apache.org/ivy/schemas/',
];

/** File endings of document-type and schema definitions. */
export const JUNK_URL_SUFFIXES = ['.dtd', '.xsd', '.ent', '.mod'];
