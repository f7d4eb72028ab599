import { parse } from 'yaml';
import { reportInputFromArrays } from '../report/report-input';
import { writeOrtPackageList } from './ort-package-list';

const project = { uuid: 'u', name: 'demo', created_date: '', notes: '', settings: {}, extra_data: {}, input_sources: [] };
const pkg = {
  purl: 'pkg:maven/org.acme/lib:core@1.0', type: 'maven', name: 'lib:core', version: '1.0', download_url: 'https://x/lib.jar',
  vcs_url: 'git+https://x/lib.git', description: 'A lib', homepage_url: 'https://x', declared_license_expression_spdx: 'MIT',
  parties: [{ role: 'author', name: 'Jane' }, { role: 'maintainer', name: 'Bob' }, { role: 'author', name: 'Jane' }],
};

describe('writeOrtPackageList', () => {
  it('lists every package as an ORT dependency with a colon-safe id', async () => {
    const doc = parse(await writeOrtPackageList(reportInputFromArrays(project, { packages: [pkg] as never })));
    expect(doc).toEqual({
      projectName: 'demo',
      projectVcs: { type: null, url: null, revision: null, path: null },
      dependencies: [{
        id: 'maven::lib_core:1.0', purl: 'pkg:maven/org.acme/lib:core@1.0', vcs: { type: null, url: 'git+https://x/lib.git', revision: null, path: null },
        sourceArtifact: { url: 'https://x/lib.jar' }, declaredLicenses: ['MIT'], description: 'A lib', homepageUrl: 'https://x', authors: ['Jane'],
      }],
    });
  });

  it('types every id docker when an input came from a docker:// URL', async () => {
    const docker = { ...project, input_sources: [{ uuid: 'i', filename: 'img', download_url: 'docker://alpine', is_uploaded: false, tag: '', size: null, is_file: true, exists: true }] };
    const doc = parse(await writeOrtPackageList(reportInputFromArrays(docker, { packages: [pkg] as never })));
    expect(doc.dependencies[0].id).toBe('docker::lib_core:1.0');
  });
});
