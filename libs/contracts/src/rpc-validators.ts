import { registerDecorator, ValidationOptions } from 'class-validator';

/** A plain object whose values are all strings (query parameters, already flattened). */
export function IsStringMap(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isStringMap',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must be an object of strings`, ...options },
      validator: {
        validate: (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((e) => typeof e === 'string'),
      },
    });
}

/** A plain object (a JSON document such as settings or extra_data). */
export function IsPlainObject(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isPlainObject',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must be an object`, ...options },
      validator: { validate: (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) },
    });
}
