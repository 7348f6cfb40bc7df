import { isRouteErrorResponse } from 'react-router-dom';
import { messages } from '@datebook/contracts';

/** What went wrong, in one line: the response's status text, or the error's message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  if (typeof error === 'string' && error) {
    return error;
  }
  return messages.errors.unexpected;
}
