import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { DRF, pythonTypeName } from './drf-messages';

/** A string, or a list of strings (create accepts both for input_urls and pipeline). */
export function IsStringOrStringList(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isStringOrStringList',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((e) => typeof e === 'string')),
        defaultMessage: (a: ValidationArguments) =>
          Array.isArray(a.value) ? DRF.notString : DRF.notList(pythonTypeName(a.value)),
      },
    });
}

/** A list (DRF ListField message when it is not). */
export function IsDrfList(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isDrfList',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (v: unknown) => Array.isArray(v),
        defaultMessage: (a: ValidationArguments) => DRF.notList(pythonTypeName(a.value)),
      },
    });
}

/** A JSON object; a string that failed to parse as JSON gets DRF's JSONField message. */
export function IsDrfDict(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isDrfDict',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v),
        defaultMessage: (a: ValidationArguments) => (typeof a.value === 'string' ? DRF.invalidJson : DRF.notDict(pythonTypeName(a.value))),
      },
    });
}
