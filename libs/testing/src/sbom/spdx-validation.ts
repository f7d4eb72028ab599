/** Test helper: validates SPDX JSON against the vendored official SPDX JSON schemas. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import draft7MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

const SCHEMA_FILES = { '2.3': 'spdx-schema-2.3.json', '2.2': 'spdx-schema-2.2.json' } as const;
const compiled = new Map<string, ValidateFunction>();

function validator(version: keyof typeof SCHEMA_FILES): ValidateFunction {
  const cached = compiled.get(version);
  if (cached) return cached;
  const schema = JSON.parse(readFileSync(join(__dirname, 'spdx-schemas', SCHEMA_FILES[version]), 'utf8')) as object;
  // The 2.3 schema is draft 2019-09, the 2.2 one draft-07: Ajv2019 handles both once the draft-07 meta-schema is added.
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft7MetaSchema);
  addFormats(ajv);
  const validate = ajv.compile(schema);
  compiled.set(version, validate);
  return validate;
}

/** null when `json` is valid, else ajv's errors. */
export function validateSpdxJson(json: string, version: keyof typeof SCHEMA_FILES): ErrorObject[] | null {
  const validate = validator(version);
  return validate(JSON.parse(json)) ? null : (validate.errors ?? []);
}
