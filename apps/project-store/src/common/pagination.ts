import { ERROR_CODES, Paginated } from '@sca/contracts';
import { DomainError } from '@sca/messaging';

export interface PageWindow {
  offset: number;
  limit: number;
  page: number;
  numPages: number;
}

/** DRF PageNumberPagination: `page` is a number or `last`; out of range is 404 "Invalid page.". */
export function pageWindow(pageParam: string | undefined, count: number, pageSize: number): PageWindow {
  const numPages = Math.max(1, Math.ceil(count / pageSize));
  let page = 1;
  if (pageParam !== undefined && pageParam !== '') {
    if (pageParam === 'last') page = numPages;
    else if (/^\d+$/.test(pageParam)) page = Number(pageParam);
    else throw new DomainError(ERROR_CODES.notFound, 'Invalid page.');
  }
  if (page < 1 || page > numPages) throw new DomainError(ERROR_CODES.notFound, 'Invalid page.');
  return { offset: (page - 1) * pageSize, limit: pageSize, page, numPages };
}

/**
 * Absolute links with only `page` changed; the link to page 1 drops `page`, and the parameters
 * come out sorted by name (stable for repeated ones), as DRF's replace/remove_query_param do.
 */
export function pageLink(requestUrl: string, page: number): string {
  const url = new URL(requestUrl);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  url.searchParams.sort();
  return url.toString();
}

export function paginate<T>(results: T[], count: number, w: PageWindow, requestUrl: string): Paginated<T> {
  return {
    count,
    next: w.page < w.numPages ? pageLink(requestUrl, w.page + 1) : null,
    previous: w.page > 1 ? pageLink(requestUrl, w.page - 1) : null,
    results,
  };
}
