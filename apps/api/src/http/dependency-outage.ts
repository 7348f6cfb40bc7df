import { isConnectionLoss } from '@datebook/db';

/**
 * What ioredis says when a command could not reach Redis: its retries ran out, or the connection
 * was closed under it (request-path connections fail fast rather than queue while Redis is down).
 */
const REDIS_UNREACHABLE_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_UNREACHABLE_MESSAGES = /^(Connection is closed\.|Stream isn't writeable)/;

/**
 * Whether an error means a store the api depends on is unreachable (Redis down, PostgreSQL
 * restarting or its connections ended), rather than a bug or the client's mistake.
 */
export function isDependencyOutage(error: unknown): boolean {
  if (isConnectionLoss(error)) {
    return true;
  }
  if (!(error instanceof Error)) {
    return false;
  }
  return REDIS_UNREACHABLE_NAMES.has(error.name) || REDIS_UNREACHABLE_MESSAGES.test(error.message);
}
