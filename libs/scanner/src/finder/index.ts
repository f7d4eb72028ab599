export { findEmails, DEFAULT_THRESHOLD, type EmailMatch, type FinderOptions } from './find-emails';
export { findUrls, type UrlMatch } from './find-urls';
