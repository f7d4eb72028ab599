/** The API's routes and methods, for 405 answers (DRF answers 405 on a known path). */
const ROUTES: [RegExp, string[]][] = [
  [/^\/api\/?$/, ['GET', 'HEAD', 'OPTIONS']],
  [/^\/api\/projects\/?$/, ['GET', 'POST', 'HEAD', 'OPTIONS']],
  [/^\/api\/projects\/pipelines\/?$/, ['GET', 'HEAD', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/?$/, ['GET', 'DELETE', 'HEAD', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/(add_input|add_pipeline|archive|reset)\/?$/, ['GET', 'POST', 'HEAD', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/add_webhook\/?$/, ['POST', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/webhooks\/?$/, ['GET', 'HEAD', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/webhooks\/[^/]+\/?$/, ['DELETE', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/webhooks\/[^/]+\/deliveries\/[^/]+\/redeliver\/?$/, ['POST', 'OPTIONS']],
  [/^\/api\/projects\/[^/]+\/(resources|packages|dependencies|relations|messages|errors|file_content|summary)\/?$/, ['GET', 'HEAD', 'OPTIONS']],
  [/^\/api\/runs\/[^/]+\/?$/, ['GET', 'HEAD', 'OPTIONS']],
  [/^\/api\/runs\/[^/]+\/(start_pipeline|stop_pipeline|delete_pipeline)\/?$/, ['POST', 'OPTIONS']],
];

export function allowedMethods(path: string): string[] {
  return ROUTES.find(([re]) => re.test(path))?.[1] ?? [];
}
