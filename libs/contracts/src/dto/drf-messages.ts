/** DRF's validation messages, word for word, so clients matching on them keep working. */
export const DRF = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  notString: 'Not a valid string.',
  notBoolean: 'Must be a valid boolean.',
  invalidUrl: 'Enter a valid URL.',
  invalidJson: 'Value must be valid JSON.',
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
  minLength: (n: number) => `Ensure this field has at least ${n} characters.`,
  notList: (got: string) => `Expected a list of items but got type "${got}".`,
  notDict: (got: string) => `Expected a dictionary of items but got type "${got}".`,
  unknownField: 'This field is not allowed.',
  emptyFile: 'The submitted file is empty.',
  notAFile: 'The submitted data was not a file. Check the encoding type on the form.',
} as const;

/** The Python type name DRF puts in its messages. */
export function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'object':
      return 'dict';
    case 'undefined':
    case 'bigint':
    case 'function':
    case 'symbol':
      return typeof value;
  }
  return 'object';
}
