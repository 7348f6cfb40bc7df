import { isApiError } from './api-error';

/**
 * The first message for each of `fields` in a validation failure (the client's own check or the
 * api's), ready to show under the controls. Empty for any other error.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') {
    return {};
  }
  return firstMessages(
    error.issues.map((issue) => ({ field: issue.path.split('.')[0], message: issue.message })),
    fields,
  );
}

/**
 * The first message for each of `fields` among a schema's issues, named by the first segment of
 * their path: the form's own check with a contract schema reads like the api's answer.
 */
export function schemaFieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  return firstMessages(
    issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
    fields,
  );
}

function firstMessages<F extends string>(
  issues: readonly { field: string | undefined; message: string }[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.field);
    if (field && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * The text to show for a failure as a whole: the api's message, or for a validation failure the
 * first issue's, which says what is wrong where the generic message would not.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) {
    return fallback;
  }
  return (error.code === 'VALIDATION_FAILED' ? error.issues[0]?.message : undefined) ?? error.message;
}
