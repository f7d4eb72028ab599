export { addressRange, isPublicAddress } from './address-policy';
export { compileAllowedHosts, parseAllowedHosts, type AllowedHosts } from './allowed-hosts';
export { downloadFilename, FALLBACK_FILENAME, safeBaseName } from './download-filename';
export { FetchError } from './fetch-error';
export { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_REDIRECTS, fetchUrl, type FetchedInput, type FetchPolicy } from './fetch-url';
export { createHostGuard, type HostGuard } from './host-guard';
export { classifyInputUrl, splitInputUrls, stripFragment, tagFromUrl, type InputUrlKind } from './input-url';
