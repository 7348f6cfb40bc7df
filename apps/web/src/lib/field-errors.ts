import { isApiError } from './api-error';

/**
 * The first message for each of `fields` in a validation failure (the client's own check or the
 * api's), ready to show under the controls. Empty for any other error.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') {
    return errors;
  }
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path.split('.')[0]);
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
