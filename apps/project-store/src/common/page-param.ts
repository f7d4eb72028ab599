import { ERROR_CODES } from '@sca/contracts';
import { DomainError } from '@sca/messaging';

/**
 * DRF's `page` parameter before the count is known, so that a page can be read with its count in
 * one statement: a page number, `last`, or a 404 "Invalid page." (as `pageWindow` answers). Whether
 * the page exists is `pageWindow`'s to say once the count is there.
 */
export function parsePageParam(pageParam: string | undefined): number | 'last' {
  if (pageParam === undefined || pageParam === '') return 1;
  if (pageParam === 'last') return 'last';
  const page = /^\d+$/.test(pageParam) ? Number(pageParam) : 0;
  // 0 is before the first page; a number too large to count exactly is past the last one.
  if (page < 1 || !Number.isSafeInteger(page)) throw new DomainError(ERROR_CODES.notFound, 'Invalid page.');
  return page;
}
