import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { BOOLEAN_FIELDS, DRF, JSON_FIELDS, NESTED_LIST_FIELDS, pythonTypeName } from '@sca/contracts';
import { ApiError } from '../http/api-error';
import { ParsedBody, RawFields } from '../http/request-body';

export type FieldErrors = Record<string, unknown>;

const TRUE = new Set(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1']);
const FALSE = new Set(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0']);

/** DRF BooleanField input parsing: "false" is false (the add_pipeline quirk is not copied). */
export function coerceBoolean(value: unknown): unknown {
  if (typeof value === 'string') {
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
  }
  if (value === 1) return true;
  if (value === 0) return false;
  return value;
}

/** Turns form fields (all strings) into JSON-like values: lists, booleans and parsed JSON. */
export function formToObject(fields: RawFields, listFields: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(fields)) {
    if (listFields.has(name)) {
      out[name] = name === 'webhooks' ? values.map(parseJsonOrKeep) : values;
    } else {
      const last = values[values.length - 1];
      out[name] = JSON_FIELDS.has(name) ? parseJsonOrKeep(last) : last;
    }
  }
  return out;
}

function parseJsonOrKeep(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function coerceBooleans(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = BOOLEAN_FIELDS.has(k) ? coerceBoolean(v) : v;
  if (Array.isArray(out.webhooks)) {
    out.webhooks = out.webhooks.map((w) => (w && typeof w === 'object' && !Array.isArray(w) ? coerceBooleans(w as Record<string, unknown>) : w));
  }
  return out;
}

/** DRF Serializer's message for data that is not an object. */
const notADict = (value: unknown) => `Invalid data. Expected a dictionary, but got ${pythonTypeName(value)}.`;

function toDrfErrors(errors: ValidationError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    if (e.constraints) {
      out[e.property] = [Object.values(e.constraints)[0]];
    } else if (e.children?.length && Array.isArray(e.value)) {
      // A list of objects: DRF answers one dict per item, empty for valid items.
      const items: FieldErrors[] = e.value.map(() => ({}));
      for (const child of e.children) {
        const index = Number(child.property);
        items[index] = child.constraints ? { non_field_errors: [notADict(child.value)] } : toDrfErrors(child.children ?? []);
      }
      out[e.property] = items;
    } else if (e.children?.length) {
      out[e.property] = toDrfErrors(e.children);
    }
  }
  return out;
}

/**
 * Unknown keys inside the objects of a list field (a `webhooks` entry with `secrets` must not
 * silently get a generated secret), merged into the per-item error dicts DRF answers with.
 */
function nestedUnknownFields(obj: Record<string, unknown>, errors: FieldErrors): void {
  for (const [field, allowed] of Object.entries(NESTED_LIST_FIELDS)) {
    const items = obj[field];
    if (!Array.isArray(items)) continue;
    const existing = errors[field];
    if (existing !== undefined && !(Array.isArray(existing) && existing.every((e) => typeof e === 'object'))) continue;
    const perItem: FieldErrors[] = items.map((_, i) => ({ ...((existing as FieldErrors[] | undefined)?.[i] ?? {}) }));
    let found = false;
    items.forEach((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return;
      for (const key of Object.keys(item)) {
        if (!allowed.includes(key) && perItem[i][key] === undefined) {
          perItem[i][key] = [DRF.unknownField];
          found = true;
        }
      }
    });
    if (found) errors[field] = perItem;
  }
}

/**
 * Validates a request body against a DTO class. Unknown fields are refused (ScanCode.io
 * ignores them silently, which hides typos such as `pipelines`). Returns the plain, coerced
 * object; throws a 400 with DRF-shaped field errors.
 */
export function validateBody<T extends object>(
  dto: new () => T,
  body: ParsedBody,
  allowed: string[],
  listFields: Set<string>,
  extraErrors: Record<string, string[]> = {},
): Record<string, unknown> {
  let obj: Record<string, unknown>;
  if (body.kind === 'none') obj = {};
  else if (body.kind === 'form') obj = formToObject(body.fields, listFields);
  else if (body.value && typeof body.value === 'object' && !Array.isArray(body.value)) obj = body.value as Record<string, unknown>;
  else throw ApiError.badRequest({ non_field_errors: [notADict(body.value)] });
  obj = coerceBooleans(obj);
  const errors: FieldErrors = { ...extraErrors };
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) errors[key] = [DRF.unknownField];
  const instance = plainToInstance(dto, obj);
  Object.assign(errors, toDrfErrors(validateSync(instance, { stopAtFirstError: true, forbidUnknownValues: false })));
  if (allowed.some((f) => f in NESTED_LIST_FIELDS)) nestedUnknownFields(obj, errors);
  if (Object.keys(errors).length > 0) throw ApiError.badRequest(errors);
  return obj;
}
