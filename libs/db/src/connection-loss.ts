/**
 * SQLSTATEs of a session the server ended or could not start: admin_shutdown (pg_terminate_backend,
 * a failover), crash_shutdown, cannot_connect_now, and the connection_exception class (08…).
 */
const LOST_SESSION_CODES = /^(57P01|57P02|57P03|08\w{3})$/;
/** What node-postgres says when the socket closed without the server explaining. */
const LOST_SOCKET_MESSAGES = /Connection terminated|connection error|ECONNRESET|ECONNREFUSED|EPIPE/;
/**
 * TypeORM releases a query runner whose connection emitted an error, so the next statement of a
 * transaction on it (COMMIT included) fails with one of these instead of the connection's own error.
 */
const RELEASED_RUNNER = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

/**
 * Whether `error` means the database connection went away (TypeORM wraps the driver's error in
 * `driverError`), rather than that the statement itself was refused.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (const candidate of [error, (error as { driverError?: unknown } | null)?.driverError]) {
    if (typeof candidate !== 'object' || candidate === null) {
      continue;
    }
    const { code, message, name } = candidate as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof name === 'string' && RELEASED_RUNNER.has(name)) {
      return true;
    }
    if (typeof code === 'string' && LOST_SESSION_CODES.test(code)) {
      return true;
    }
    if (typeof message === 'string' && LOST_SOCKET_MESSAGES.test(message)) {
      return true;
    }
  }
  return false;
}

const READ_START = /^\s*(select|with|values|show)\b/i;
/** Anything that may write or lock: such a statement is never repeated blindly. */
const MAY_WRITE = /\b(insert|update|delete|merge|truncate|nextval|setval|pg_notify|pg_advisory\w*)\b/i;

/**
 * Whether a statement only reads, so running it again after a lost connection cannot change what
 * the first attempt did. Conservative: a read that merely mentions a writing keyword is not one.
 */
export function isReadOnlyStatement(sql: string): boolean {
  return READ_START.test(sql) && !MAY_WRITE.test(sql);
}
