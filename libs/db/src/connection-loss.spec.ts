import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isConnectionLoss, isReadOnlyStatement } from './connection-loss';

describe('isConnectionLoss', () => {
  const driverError = (code: string | undefined, message: string) =>
    new QueryFailedError('SELECT 1', [], Object.assign(new Error(message), code ? { code } : {}));

  it('recognises a session the server ended, or a socket that closed', () => {
    expect(
      isConnectionLoss(driverError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isConnectionLoss(driverError('08006', 'connection failure'))).toBe(true);
    expect(isConnectionLoss(driverError(undefined, 'Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isConnectionLoss(new QueryRunnerAlreadyReleasedError())).toBe(true);
  });

  it('leaves the statement errors alone', () => {
    expect(isConnectionLoss(driverError('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isConnectionLoss(driverError('40001', 'could not serialize access'))).toBe(false);
    expect(isConnectionLoss(driverError('57014', 'canceling statement due to statement timeout'))).toBe(
      false,
    );
    expect(isConnectionLoss(new Error('boom'))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});

describe('isReadOnlyStatement', () => {
  it('takes plain reads, CTEs included', () => {
    expect(isReadOnlyStatement('SELECT 1')).toBe(true);
    expect(
      isReadOnlyStatement('  with my_follows AS (SELECT following_id FROM follows) SELECT * FROM x'),
    ).toBe(true);
    expect(isReadOnlyStatement('SELECT updated_at FROM profiles')).toBe(true);
  });

  it('refuses anything that may write or lock', () => {
    expect(isReadOnlyStatement('UPDATE profiles SET bio = $1')).toBe(false);
    expect(isReadOnlyStatement('WITH d AS (DELETE FROM outbox RETURNING id) SELECT count(*) FROM d')).toBe(
      false,
    );
    expect(isReadOnlyStatement('SELECT id FROM outbox FOR UPDATE SKIP LOCKED')).toBe(false);
    expect(isReadOnlyStatement("SELECT pg_notify('outbox_new', '')")).toBe(false);
    expect(isReadOnlyStatement('INSERT INTO outbox (event_type) VALUES ($1)')).toBe(false);
  });
});
