/**
 * Validates SARIF logs against the official SARIF 2.1.0 JSON schema (OASIS 2.1.0-rtm.5, as
 * shipped in Microsoft's @microsoft/jest-sarif package), with Ajv's draft-04 support and URI /
 * date-time format checks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvDraft04 from 'ajv-draft-04';
import AjvFormats from 'ajv-formats';

// CommonJS packages: under NodeNext their classes sit on `.default`
const Ajv = AjvDraft04.default;
const addFormats = AjvFormats.default;

const require = createRequire(import.meta.url);
const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
/** The official schema, as parsed JSON. */
export const SARIF_2_1_0_SCHEMA = JSON.parse(readFileSync(schemaPath, 'utf8')) as {
  title: string;
};

// unicodeRegExp off: the schema's `language` pattern has a stray `]`, an error under the `u` flag
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(SARIF_2_1_0_SCHEMA);

/** Schema violations of `log` as `path: message` lines (empty when valid). */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map(
    (e: { instancePath: string; message?: string; keyword: string }) =>
      `${e.instancePath || '/'}: ${e.message ?? e.keyword}`,
  );
}
