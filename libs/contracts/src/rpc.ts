/** RPC patterns answered by project-store. */
export const PROJECT_RPC = {
  list: 'projects.list',
  create: 'projects.create',
  get: 'projects.get',
  /** 404 unless the project exists; answers `{}` (cheap, unlike the detail). */
  exists: 'projects.exists',
  remove: 'projects.delete',
  addInput: 'projects.add_input',
  addPipeline: 'projects.add_pipeline',
  addWebhook: 'projects.add_webhook',
  archive: 'projects.archive',
  reset: 'projects.reset',
  fileContentLocation: 'projects.file_content_location',
  messages: 'projects.messages',
  pipelines: 'pipelines.list',
  runGet: 'runs.get',
  runStart: 'runs.start',
  runStop: 'runs.stop',
  runDelete: 'runs.delete',
  authVerify: 'auth.verify',
  webhooksList: 'webhooks.list',
  webhookDelete: 'webhooks.delete',
  webhookRedeliver: 'webhooks.redeliver',
} as const;

/** DRF's 404 detail for a project uuid that matches nothing. */
export const PROJECT_NOT_FOUND = 'No Project matches the given query.';

/** Codes of domain errors; the gateway maps each to an HTTP status and a ScanCode.io body. */
export const ERROR_CODES = {
  /** 400 with `details` as the body (a DRF field-errors dict or any dict). */
  validation: 'validation',
  /** 400 `{"status": message}` plus any `details` keys. */
  refused: 'refused',
  /** 404 `{"detail": message}`. */
  notFound: 'not_found',
  /** 401 `{"detail": message}`. */
  unauthorized: 'unauthorized',
  /**
   * The RPC payload is not what its pattern takes (a sender out of step with the contract): the
   * caller's fault, not the client's, so the gateway answers 500.
   */
  invalidPayload: 'invalid_payload',
} as const;
