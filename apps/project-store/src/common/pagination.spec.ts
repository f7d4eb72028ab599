import { DomainError } from '@sca/messaging';
import { pageLink, pageWindow, paginate } from './pagination';

function invalidPage(pageParam: string, count = 120, pageSize = 50): DomainError {
  try {
    pageWindow(pageParam, count, pageSize);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`page ${pageParam} was accepted`);
}

describe('pageWindow', () => {
  it('starts on page 1 when no page is given, or an empty one', () => {
    expect(pageWindow(undefined, 120, 50)).toEqual({ offset: 0, limit: 50, page: 1, numPages: 3 });
    expect(pageWindow('', 120, 50)).toEqual({ offset: 0, limit: 50, page: 1, numPages: 3 });
  });

  it('turns a page number into an offset', () => {
    expect(pageWindow('2', 120, 50)).toEqual({ offset: 50, limit: 50, page: 2, numPages: 3 });
    expect(pageWindow('3', 120, 50)).toMatchObject({ offset: 100, page: 3 });
  });

  it('accepts `last`', () => {
    expect(pageWindow('last', 120, 50)).toMatchObject({ page: 3, offset: 100 });
    expect(pageWindow('last', 100, 50)).toMatchObject({ page: 2, offset: 50 });
  });

  it('serves an empty first page when there is nothing to list', () => {
    expect(pageWindow(undefined, 0, 50)).toEqual({ offset: 0, limit: 50, page: 1, numPages: 1 });
    expect(pageWindow('1', 0, 50).page).toBe(1);
    expect(pageWindow('last', 0, 50).page).toBe(1);
  });

  it.each(['0', '4', '999', 'abc', '-1', '1.5', 'LAST', 'first'])('refuses page %j with 404 "Invalid page."', (page) => {
    const error = invalidPage(page);
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('Invalid page.');
  });

  it('refuses page 2 of an empty list', () => {
    expect(invalidPage('2', 0).message).toBe('Invalid page.');
  });
});

describe('pageLink', () => {
  it('drops `page` for page 1 and keeps the other parameters', () => {
    expect(pageLink('http://host/api/projects/?name__contains=x&page=2', 1)).toBe('http://host/api/projects/?name__contains=x');
    expect(pageLink('http://host/api/projects/?page=2', 1)).toBe('http://host/api/projects/');
  });

  it('sets `page` for later pages', () => {
    expect(pageLink('http://host/api/projects/', 2)).toBe('http://host/api/projects/?page=2');
    expect(pageLink('http://host/api/projects/?name=a&page=2', 3)).toBe('http://host/api/projects/?name=a&page=3');
  });

  it('orders the query parameters by name, as DRF does', () => {
    expect(pageLink('http://host/p/?type=file&page=2&sort=path', 3)).toBe('http://host/p/?page=3&sort=path&type=file');
    expect(pageLink('http://host/p/?type=file&page=2&sort=path', 1)).toBe('http://host/p/?sort=path&type=file');
  });

  it('keeps repeated and blank parameters and encoded values', () => {
    expect(pageLink('http://host/p/?tag=b&tag=a&name=&programming_language=C%23', 2)).toBe(
      'http://host/p/?name=&page=2&programming_language=C%23&tag=b&tag=a',
    );
  });
});

describe('paginate', () => {
  const url = 'http://host/api/projects/?name__contains=x';

  it('links nothing when everything fits on one page', () => {
    expect(paginate(['a'], 1, pageWindow(undefined, 1, 50), url)).toEqual({ count: 1, next: null, previous: null, results: ['a'] });
  });

  it('links only forward from the first page', () => {
    const page = paginate([], 120, pageWindow('1', 120, 50), url);
    expect(page.next).toBe('http://host/api/projects/?name__contains=x&page=2');
    expect(page.previous).toBeNull();
  });

  it('links back to the first page without `page` from page 2', () => {
    const page = paginate([], 120, pageWindow('2', 120, 50), `${url}&page=2`);
    expect(page.previous).toBe(url);
    expect(page.next).toBe('http://host/api/projects/?name__contains=x&page=3');
  });

  it('links only backward from the last page', () => {
    const page = paginate(['z'], 120, pageWindow('last', 120, 50), `${url}&page=last`);
    expect(page).toEqual({ count: 120, next: null, previous: 'http://host/api/projects/?name__contains=x&page=2', results: ['z'] });
  });
});
