/** All input problems of a run, reported together as ScanCode.io does. */
export class InputFilesError extends Error {
  constructor(readonly problems: string[]) {
    super(
      'InputFilesError encountered with the following issues:\n\n' +
        problems.map((p, i) => `Error ${i + 1}: ${p}`).join('\n\n'),
    );
    this.name = 'InputFilesError';
  }
}
