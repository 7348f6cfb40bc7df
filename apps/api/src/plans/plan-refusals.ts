import {
  messages,
  planMessages,
  planRefusalErrorCode,
  type PlanOpRefusalCode,
  type PlanOpRefused,
} from '@datebook/contracts';
import { DomainError, NotFoundError, RateLimitedError } from '@datebook/server';
import { isDependencyOutage } from '../http/dependency-outage';

/* A refused operation in both of its spellings: the socket's ack and the REST error body. */

export const refused = (code: PlanOpRefusalCode, message: string): PlanOpRefused => ({
  ok: false,
  code,
  message,
});

/** A plan that does not exist and one the actor may not see answer alike: its existence stays hidden. */
export const planNotFound = (): PlanOpRefused => refused('NOT_FOUND', planMessages.notFound);

/** Over REST a refusal is an ordinary error: the rule's text with the catalogue's code and status. */
export function refusalError(refusal: Pick<PlanOpRefused, 'code' | 'message'>): DomainError {
  switch (refusal.code) {
    case 'NOT_FOUND':
      return new NotFoundError(refusal.message);
    case 'RATE_LIMITED':
      return new RateLimitedError(1, refusal.message);
    case 'INVALID':
    case 'FORBIDDEN':
    case 'LOCKED':
    case 'READ_ONLY':
    case 'GONE':
      return new DomainError(planRefusalErrorCode[refusal.code], refusal.message);
  }
}

/** An api error met while applying an operation, as the socket's refusal. */
export function refusalOf(error: DomainError): PlanOpRefused {
  switch (error.code) {
    case 'NOT_FOUND':
      return refused('NOT_FOUND', error.message);
    case 'FORBIDDEN':
    case 'UNAUTHENTICATED':
    case 'INVALID_ACCESS_CODE':
      return refused('FORBIDDEN', error.message);
    // UNAVAILABLE is a store briefly down: the client backs off and resends the same op, as when limited.
    case 'RATE_LIMITED':
    case 'UNAVAILABLE':
      return refused('RATE_LIMITED', error.message);
    case 'VALIDATION_FAILED':
    case 'CONFLICT':
    case 'INTERNAL':
      return refused('INVALID', error.message || messages.errors.validation);
  }
}

/**
 * Any error met while serving a socket message, as the socket's refusal; undefined for a failure of
 * the api's own (the caller logs it). A store briefly down refuses nothing: it answers RATE_LIMITED,
 * so the client keeps the edit and resends it under the same op id, as REST's 503 makes it do.
 */
export function socketRefusalOf(error: unknown): PlanOpRefused | undefined {
  if (error instanceof DomainError) {
    return error.code === 'NOT_FOUND' ? planNotFound() : refusalOf(error);
  }
  return isDependencyOutage(error) ? refused('RATE_LIMITED', messages.errors.unavailable) : undefined;
}

/** PostgreSQL refused a row (a CHECK, a key): the operation's input was not acceptable, never a 500. */
export function isConstraintViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = candidate?.code ?? candidate?.driverError?.code;
  return code === '23514' || code === '23505' || code === '23503' || code === '23502' || code === '22P02';
}
