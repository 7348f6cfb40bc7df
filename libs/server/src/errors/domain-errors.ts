import { messages, type ErrorCode, type FieldIssue } from '@datebook/contracts';

/**
 * Errors that mean something to the user. Each carries a code and the spec's message; the api's
 * exception filter turns the code into an HTTP status, the socket gateway into an ack.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The fields the error is about, when there are any: forms show the message beside them. */
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(issues: FieldIssue[], message = issues[0]?.message ?? messages.errors.validation) {
    super('VALIDATION_FAILED', message, issues);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message: string = messages.auth.sessionMissing) {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = messages.errors.forbidden) {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = messages.errors.notFound) {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, field?: string) {
    super('CONFLICT', message, field ? [{ path: field, message }] : undefined);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = messages.errors.rateLimited,
  ) {
    super('RATE_LIMITED', message);
  }
}

export class InvalidAccessCodeError extends DomainError {
  constructor() {
    super('INVALID_ACCESS_CODE', messages.gate.invalidCode);
  }
}

/** True for PostgreSQL's unique violation (23505), however the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return candidate?.code === '23505' || candidate?.driverError?.code === '23505';
}
