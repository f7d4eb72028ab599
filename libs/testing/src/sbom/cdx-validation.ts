/**
 * Test helper: validates CycloneDX JSON against the official schema of a spec version.
 *
 * Uses the library's `Validation.JsonStrictValidator` when its optional peers are installed. It
 * also needs `ajv-formats-draft2019`, which this workspace does not have, so otherwise the same
 * bundled schema files are compiled with ajv the way the library's own ajv plug-in does.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';

/** The schema files the library bundles (its `res/schema/` folder; `_Resources` is not in its typings). */
const SCHEMA_DIR = join(dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res', 'schema');
const schemaFile = (name: string) => join(SCHEMA_DIR, name);

const VERSIONS: Record<string, Spec.Version> = { '1.4': Spec.Version.v1dot4, '1.5': Spec.Version.v1dot5, '1.6': Spec.Version.v1dot6 };

function readJson(path: string): object {
  return JSON.parse(readFileSync(path, 'utf8')) as object;
}

const compiled = new Map<Spec.Version, ValidateFunction>();

function ajvValidator(version: Spec.Version): ValidateFunction {
  const cached = compiled.get(version);
  if (cached) return cached;
  const schemaPath = schemaFile(`bom-${version}.SNAPSHOT.schema.json`);
  const ajv = new Ajv({
    useDefaults: false, strict: false, strictSchema: false, addUsedSchema: false,
    schemas: {
      'http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json': readJson(schemaFile('spdx.SNAPSHOT.schema.json')),
      'http://cyclonedx.org/schema/cryptography-defs.SNAPSHOT.schema.json': readJson(schemaFile('cryptography-defs.SNAPSHOT.schema.json')),
      'http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json': readJson(schemaFile('jsf-0.82.SNAPSHOT.schema.json')),
    },
  });
  addFormats(ajv);
  // Stand-ins for what ajv-formats-draft2019 would register (the library also accepts any iri-reference).
  ajv.addFormat('idn-email', /^[^\s@]+@[^\s@]+$/u);
  ajv.addFormat('iri-reference', true);
  const validate = ajv.compile(readJson(schemaPath));
  compiled.set(version, validate);
  return validate;
}

export interface CdxValidationResult {
  errors: unknown;
  validator: 'JsonStrictValidator' | 'ajv';
}

/** `errors` is null when `json` is valid for `specVersion`. */
export async function validateCycloneDxJson(json: string, specVersion: string): Promise<CdxValidationResult> {
  const version = VERSIONS[specVersion];
  if (!version) throw new Error(`unknown spec version ${specVersion}`);
  try {
    const errors = await new Validation.JsonStrictValidator(version).validate(json);
    return { errors, validator: 'JsonStrictValidator' };
  } catch (error) {
    if (!(error instanceof Validation.MissingOptionalDependencyError)) throw error;
  }
  const validate = ajvValidator(version);
  return { errors: validate(JSON.parse(json)) ? null : validate.errors, validator: 'ajv' };
}
