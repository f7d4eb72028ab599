import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { storageKeys } from '@sca/storage';
import { defineStep } from '../framework/define';
import { StepContext } from '../framework/step-context';
import { fetchUrl, FetchError } from '@sca/fetch';
import { dockerPlatformSetting } from './docker-platform-setting';
import { InputFilesError } from './input-files-error';

/**
 * Brings every input into the run's local `input/` directory: URL inputs not fetched yet are
 * downloaded (and kept in object storage so later runs and archive/reset see them), the
 * rest are copied from object storage. A `docker://` input becomes one OCI archive, of the
 * platform the project setting `docker_platform` names (linux/amd64 by default). All problems
 * are collected and reported together.
 */
export const downloadMissingInputsStep = defineStep({
  name: 'download_missing_inputs',
  doc: 'Download any InputSource missing on disk. Raise an error if any of the uploaded files is not available or not reachable.',
  async run(ctx: StepContext) {
    await mkdir(ctx.dirs.input, { recursive: true });
    const rows = await ctx.inputs.list();
    const errors: string[] = [];
    const dockerPlatform = dockerPlatformSetting(ctx.project.settings);
    for (const row of rows) {
      ctx.throwIfStopped();
      const key = row.filename ? storageKeys.input(ctx.project.uuid, row.filename) : null;
      if (key && (await ctx.storage.exists(key))) continue;
      if (row.is_uploaded) {
        errors.push(`Uploaded file ${row.filename} not available.`);
        continue;
      }
      try {
        ctx.log(`Fetching input from ${row.download_url}`);
        const fetched = await fetchUrl(row.download_url, ctx.dirs.input, ctx.fetchPolicy, { signal: ctx.signal, ...(dockerPlatform ? { dockerPlatform } : {}) });
        await ctx.storage.putFile(storageKeys.input(ctx.project.uuid, fetched.filename), fetched.path);
        await ctx.inputs.markFetched(row.uuid, fetched.filename, fetched.size);
      } catch (error) {
        ctx.throwIfStopped();
        errors.push(error instanceof FetchError ? error.message : `Could not fetch: ${row.download_url}: ${String(error)}`);
      }
    }
    if (errors.length > 0) throw new InputFilesError(errors);
    const copied = await ctx.storage.downloadPrefix(storageKeys.inputPrefix(ctx.project.uuid), ctx.dirs.input);
    ctx.log(`${copied} input file(s) available in ${join(ctx.dirs.root, 'input')}`);
  },
});
