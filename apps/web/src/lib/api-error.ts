import type { ErrorCode, FieldIssue } from '@datebook/contracts';

/** The api's error codes, plus one for a request that never got an answer. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  issues?: FieldIssue[];
  errorId?: string;
  cause?: unknown;
}

/**
 * Every failed api call rejects with this. `message` is always a text fit to show the user: the
 * spec's text sent by the api, or a generic one when the api could not be reached or misbehaved.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** One entry per invalid field, for validation failures. */
  readonly issues: FieldIssue[];
  /** The id the server logged an unexpected error under, worth quoting in a bug report. */
  readonly errorId: string | undefined;

  constructor({ status, code, message, issues = [], errorId, cause }: ApiErrorInit) {
    super(message, { cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.errorId = errorId;
  }

  /** A 4xx: asking again unchanged cannot succeed, so it is never retried. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
