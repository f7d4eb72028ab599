// Projects through the API, as the benchmarks make and check them.
const { openAsBlob } = require('node:fs');
const { basename } = require('node:path');

/** A project created with one uploaded file and its pipeline started (`execute_now`): the API's answer. */
async function createWithUpload(baseUrl, pipeline, file, name = `bench ${pipeline} ${Date.now()}`) {
  const form = new FormData();
  form.set('name', name);
  form.set('pipeline', pipeline);
  form.set('execute_now', 'true');
  form.set('upload_file', await openAsBlob(file), basename(file));
  return (await fetch(`${baseUrl}/api/projects/`, { method: 'POST', body: form })).json();
}

/** What two runs of the same input must agree on (see runTotals). */
const RUN_TOTALS = ['purls', 'dependencies', 'resources'];

/** A run's package purls (each once, sorted), dependency count and resource count, from what the API gave. */
function runTotals(packages, dependencies, detail) {
  return { purls: [...new Set(packages.map((p) => p.purl))].sort(), dependencies: dependencies.length, resources: detail.resource_count };
}

/** runTotals of a project, read through the API. */
async function projectTotals(baseUrl, uuid) {
  const get = async (what) => (await fetch(`${baseUrl}/api/projects/${uuid}/${what}`)).json();
  return runTotals(await get('packages/'), await get('dependencies/'), await get(''));
}

module.exports = { createWithUpload, RUN_TOTALS, runTotals, projectTotals };
