// V8 options a service is started with, as NODE_OPTIONS (the Dockerfile's entrypoint sets the same).

/**
 * The runner's main thread turns every scanned file into a row (records, COPY text, results from the
 * workers): a 64 MB semi-space lets those short-lived objects die young instead of being promoted
 * and marked again. On the npm tree (16,180 files) the runner spent about 0.5 CPU-s less per
 * inspect_packages run than with V8's default 16 MB.
 */
const SERVICE_NODE_OPTIONS = { 'pipeline-runner': '--max-semi-space-size=64' };

/** `env` with the service's options added to NODE_OPTIONS (those already there kept, and winning). */
function serviceEnv(name, env) {
  const own = SERVICE_NODE_OPTIONS[name];
  if (!own) return env;
  return { ...env, NODE_OPTIONS: [own, env.NODE_OPTIONS].filter(Boolean).join(' ') };
}

module.exports = { serviceEnv, SERVICE_NODE_OPTIONS };
