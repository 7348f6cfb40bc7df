import { messages, type Collection } from '@datebook/contracts';
import { errorMessageOf } from '@/lib/field-errors';
import { isApiError } from '@/lib/api-error';

/**
 * Why a create failed, in the spec's words (section 5, Collection name): the api's own text for a
 * name it refused or for the cap on collections, 'Invalid Collection Name' for any duplicate, the
 * retry text for anything else.
 */
export function createErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 401) {
    return messages.collections.signInToCreate;
  }
  if (isApiError(error) && error.status === 409) {
    return error.message;
  }
  if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
    return errorMessageOf(error, messages.collections.invalidName);
  }
  if (error instanceof Error && error.message.toLowerCase().includes('duplicate')) {
    return messages.collections.invalidName;
  }
  return messages.collections.unableToCreateRetry;
}

/** The api's text when it refused the change itself (a 4xx), else the spec's retry text. */
export function writeErrorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.isClientError ? errorMessageOf(error, fallback) : fallback;
}

/**
 * Another of the member's collections already has this name, by the case-insensitive match the
 * api's unique index enforces (spec section 5); `exceptId` is the one being renamed.
 */
export function nameTaken(
  collections: readonly Collection[] | undefined,
  name: string,
  exceptId?: string,
): boolean {
  const wanted = name.trim().toLowerCase();
  return (collections ?? []).some(
    (collection) => collection.id !== exceptId && collection.name.trim().toLowerCase() === wanted,
  );
}
