import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager, type ObjectLiteral, type QueryRunner } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { isConnectionLoss, isReadOnlyStatement } from './connection-loss';

type TransactionWork<T> = (entityManager: EntityManager) => Promise<T>;

/**
 * How often work that certainly did not take effect is tried, and the pause before each retry. The
 * pause lets the pool notice its other connections died too (all of them go at once in a failover)
 * instead of handing the retry another dead one.
 */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = [50, 250];
/** How long a lost COMMIT's outcome is awaited while the dying session still holds it. */
const OUTCOME_WAIT_MS = 2_000;

/** One piece of work whose connection was lost, and what became of it. */
export interface DatabaseRetry {
  kind: 'read' | 'transaction';
  /** `retried`: it runs again; `committed`: its lost COMMIT had committed; `failed`: it gives up. */
  outcome: 'retried' | 'committed' | 'failed';
  attempt: number;
  error: unknown;
}

/** Transaction ids their callbacks already read, by the transaction's manager. */
const notedTransactionIds = new WeakMap<EntityManager, string | null>();

/**
 * Tells the data source the id of the transaction `manager` runs (read by one of its own statements,
 * `pg_current_xact_id()`), or null when its work wrote nothing that needs its COMMIT (a refusal),
 * so `transaction` does not spend a round trip asking for it before COMMIT. The hot paths (plan
 * operations) read it in their write statement.
 */
export function noteTransactionId(manager: EntityManager, xid: string | null): void {
  notedTransactionIds.set(manager, xid);
}

/**
 * A DataSource that survives its connections being ended under it (a failover, pg_terminate_backend,
 * a proxy restart): the pool drops a dead connection, but the statement that was on it fails. Work
 * that did not take effect runs again on a fresh connection, at most ATTEMPTS times in all:
 *
 * - a read-only statement on the pool, outside any transaction;
 * - a transaction whose connection was lost before its COMMIT, which PostgreSQL rolled back;
 * - a transaction whose COMMIT got no answer: the outcome is then asked of PostgreSQL by the
 *   transaction's id (`pg_xact_status`), read just before COMMIT, or earlier by the work itself
 *   (`noteTransactionId`). Committed, it is a success; aborted, it runs again.
 *
 * Running a transaction again runs its callback again: callbacks here only touch the database (side
 * effects go through the outbox) or are idempotent (the relay's job ids). A write outside a
 * transaction still fails, as nothing tells whether it happened.
 */
export class ReconnectingDataSource extends DataSource {
  /** Told of every lost connection this data source handled (the apps log and count them). */
  onRetry: (retry: DatabaseRetry) => void = () => undefined;

  override async query<T = unknown>(
    sql: string,
    parameters?: unknown[] | ObjectLiteral,
    queryRunner?: QueryRunner,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await super.query<T>(sql, parameters, queryRunner);
      } catch (error) {
        if (queryRunner !== undefined || !isConnectionLoss(error) || !isReadOnlyStatement(sql)) {
          throw error;
        }
        if (attempt === ATTEMPTS) {
          this.onRetry({ kind: 'read', outcome: 'failed', attempt, error });
          throw error;
        }
        this.onRetry({ kind: 'read', outcome: 'retried', attempt, error });
        await sleep(RETRY_PAUSE_MS[attempt - 1]);
      }
    }
  }

  override transaction<T>(work: TransactionWork<T>): Promise<T>;
  override transaction<T>(isolationLevel: IsolationLevel, work: TransactionWork<T>): Promise<T>;
  override async transaction<T>(
    levelOrWork: IsolationLevel | TransactionWork<T>,
    maybeWork?: TransactionWork<T>,
  ): Promise<T> {
    const work = typeof levelOrWork === 'function' ? levelOrWork : maybeWork!;
    const level = typeof levelOrWork === 'function' ? undefined : levelOrWork;
    for (let attempt = 1; ; attempt += 1) {
      /** Set once the callback finished: its result and the transaction's id (null if it wrote nothing). */
      let finished: { result: T; xid: string | null } | undefined;
      const tracked: TransactionWork<T> = async (manager) => {
        const result = await work(manager);
        const noted = notedTransactionIds.get(manager);
        if (noted !== undefined) {
          finished = { result, xid: noted };
          return result;
        }
        const [row] = await manager.query<Array<{ xid: string | null }>>(
          'SELECT pg_current_xact_id_if_assigned()::text AS xid',
        );
        finished = { result, xid: row?.xid ?? null };
        return result;
      };
      try {
        return await (level ? super.transaction(level, tracked) : super.transaction(tracked));
      } catch (error) {
        if (!isConnectionLoss(error)) {
          throw error;
        }
        if (finished) {
          const outcome = finished.xid === null ? 'committed' : await this.outcomeOf(finished.xid);
          if (outcome === 'committed') {
            this.onRetry({ kind: 'transaction', outcome: 'committed', attempt, error });
            return finished.result;
          }
          if (outcome !== 'aborted') {
            this.onRetry({ kind: 'transaction', outcome: 'failed', attempt, error });
            throw error;
          }
        }
        if (attempt === ATTEMPTS) {
          this.onRetry({ kind: 'transaction', outcome: 'failed', attempt, error });
          throw error;
        }
        this.onRetry({ kind: 'transaction', outcome: 'retried', attempt, error });
        await sleep(RETRY_PAUSE_MS[attempt - 1]);
      }
    }
  }

  /** Whether a transaction whose COMMIT went unanswered committed; null if that cannot be told. */
  private async outcomeOf(xid: string): Promise<'committed' | 'aborted' | null> {
    const deadline = Date.now() + OUTCOME_WAIT_MS;
    while (Date.now() < deadline) {
      try {
        const [row] = await this.query<Array<{ status: string | null }>>(
          'SELECT pg_xact_status($1::xid8) AS status',
          [xid],
        );
        if (row?.status === 'committed' || row?.status === 'aborted') {
          return row.status;
        }
      } catch (error) {
        if (!isConnectionLoss(error)) {
          return null;
        }
      }
      // 'in progress': the ended session has not finished rolling back yet.
      await sleep(RETRY_PAUSE_MS[0]);
    }
    return null;
  }
}
