import { HttpException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { messages, type ErrorBody, type ErrorCode } from '@datebook/contracts';
import { DomainError, RateLimitedError } from '@datebook/server';
import { isDependencyOutage } from './dependency-outage';

/** When a client may try again after a dependency outage: Redis and PostgreSQL restarts take seconds. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** Set when the error is unexpected: the caller logs it under this id. */
  unexpected?: { errorId: string; error: unknown };
}

export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
    case 'INVALID_ACCESS_CODE':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'UNAVAILABLE':
      return 503;
  }
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) {
    return 'UNAUTHENTICATED';
  }
  if (status === 403) {
    return 'FORBIDDEN';
  }
  if (status === 404) {
    return 'NOT_FOUND';
  }
  if (status === 409) {
    return 'CONFLICT';
  }
  if (status === 429) {
    return 'RATE_LIMITED';
  }
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}

/** Fastify's own request errors (bad JSON, wrong content type, body too large) are the client's. */
function frameworkClientError(error: unknown): { status: number; message: string } | undefined {
  const candidate = error as { statusCode?: unknown; code?: unknown; message?: unknown } | null;
  if (
    typeof candidate?.statusCode === 'number' &&
    candidate.statusCode >= 400 &&
    candidate.statusCode < 500 &&
    typeof candidate.code === 'string' &&
    candidate.code.startsWith('FST_')
  ) {
    return {
      status: candidate.statusCode,
      message: typeof candidate.message === 'string' ? candidate.message : '',
    };
  }
  return undefined;
}

/** The one mapping from anything thrown to the api's error body. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.issues) {
      body.error.issues = error.issues;
    }
    const headers: Record<string, string> =
      error instanceof RateLimitedError ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    return { status: statusForCode(error.code), body, headers };
  }
  if (error instanceof HttpException && error.getStatus() < 500) {
    const status = error.getStatus();
    const code = codeForStatus(status);
    const message = status === 404 ? messages.errors.notFound : error.message;
    return { status, body: { error: { code, message } }, headers: {} };
  }
  const clientError = frameworkClientError(error);
  if (clientError) {
    const code = codeForStatus(clientError.status);
    return {
      status: clientError.status,
      body: { error: { code, message: clientError.message } },
      headers: {},
    };
  }
  const errorId = randomUUID();
  if (isDependencyOutage(error)) {
    // Not the client's mistake, and not a bug: a store is down or restarting. Say so, and when to retry.
    return {
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: messages.errors.unavailable, errorId } },
      headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) },
      unexpected: { errorId, error },
    };
  }
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: messages.errors.unexpected, errorId } },
    headers: {},
    unexpected: { errorId, error },
  };
}
