import Ajv from 'ajv';
import composeSpec from './schemas/compose-spec.json';

/**
 * The Compose Specification's JSON schema (vendored: schemas/README.md), which `docker compose`
 * applies to a file before anything else. Unknown keys are errors there too.
 */
const ajv = new Ajv({
  allErrors: true,
  // The schema names draft-07 by an https URL Ajv does not know, and uses draft 2019's `deprecated`.
  validateSchema: false,
  strict: false,
});
const validate = ajv.compile(composeSpec);

/** One problem per line: `<path>: <message>`; empty when the file is valid. */
export function composeSchemaProblems(compose: unknown): string[] {
  if (validate(compose)) {
    return [];
  }
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '(root)'}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
  );
}
