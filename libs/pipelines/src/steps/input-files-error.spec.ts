import { InputFilesError } from './input-files-error';

describe('InputFilesError', () => {
  it('numbers every problem in one message, as ScanCode.io does', () => {
    const error = new InputFilesError(['a.zip could not be fetched.', 'b.tar is not available.']);
    expect(error.message).toBe(
      'InputFilesError encountered with the following issues:\n\nError 1: a.zip could not be fetched.\n\nError 2: b.tar is not available.',
    );
    expect(error.problems).toEqual(['a.zip could not be fetched.', 'b.tar is not available.']);
  });

  it('is an Error named InputFilesError', () => {
    const error = new InputFilesError(['x']);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InputFilesError');
    expect(String(error)).toBe('InputFilesError: InputFilesError encountered with the following issues:\n\nError 1: x');
  });
});
