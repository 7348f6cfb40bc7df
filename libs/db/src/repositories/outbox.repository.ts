import { outboxEvents, type OutboxEventPayload, type OutboxEventType } from '@datebook/contracts';
import { SqlRepository } from './sql-repository';

/** An outbox row as the relay dispatches it. */
export interface OutboxRow {
  id: string;
  event_type: string;
  payload: unknown;
  correlation_id: string | null;
  attempts: number;
}

/** How far the relay is behind: undispatched events, counted up to `OUTBOX_LAG_COUNT_CAP`. */
export interface OutboxLagRow {
  pending: number;
  oldest_seconds: number;
}

/** A backlog is counted no further than this, so a scrape stays cheap in the outage it reports. */
export const OUTBOX_LAG_COUNT_CAP = 100_000;

/** The SQL of `outbox`: events written with the change they announce, dispatched by the worker's relay. */
export class OutboxRepository extends SqlRepository {
  /**
   * Records an event; inside the caller's transaction (`in(tx)`), so the event exists exactly when
   * the change does. The table's NOTIFY trigger wakes the relay at commit.
   */
  async add<T extends OutboxEventType>(
    type: T,
    payload: OutboxEventPayload<T>,
    correlationId?: string,
  ): Promise<string> {
    const data: unknown = outboxEvents[type].payload.parse(payload);
    const [row] = await this.query<{ id: string }>(
      'INSERT INTO outbox (event_type, payload, correlation_id) VALUES ($1, $2, $3) RETURNING id',
      [type, JSON.stringify(data), correlationId ?? null],
    );
    if (!row) {
      throw new Error('outbox insert returned no id');
    }
    return row.id;
  }

  /**
   * Locks up to `limit` due, undispatched rows, oldest first, skipping rows another relay holds. Only
   * inside a transaction (`in(tx)`), which keeps them locked until it marks them.
   */
  claimDue(limit: number): Promise<OutboxRow[]> {
    return this.query<OutboxRow>(
      `SELECT id, event_type, payload, correlation_id, attempts FROM outbox
        WHERE dispatched_at IS NULL AND available_at <= now()
        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  /**
   * The pending events (postponed ones included) and the age of the oldest, for the metrics scrape:
   * both read the partial index of pending rows, never the dispatched history.
   */
  async lag(): Promise<OutboxLagRow> {
    const [row] = await this.query<OutboxLagRow>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM outbox WHERE dispatched_at IS NULL LIMIT $1) p)::int AS pending,
              coalesce(extract(epoch FROM now() - (
                SELECT created_at FROM outbox WHERE dispatched_at IS NULL ORDER BY id LIMIT 1)), 0)::float8
                AS oldest_seconds`,
      [OUTBOX_LAG_COUNT_CAP],
    );
    return row ?? { pending: 0, oldest_seconds: 0 };
  }

  async markDispatched(ids: string[]): Promise<void> {
    await this.query('UPDATE outbox SET dispatched_at = now() WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Counts a failed dispatch, keeps its error for operators and makes the row wait `delaySeconds`. */
  async postpone(id: string, error: string, delaySeconds: number): Promise<void> {
    await this.query(
      `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
              available_at = now() + make_interval(secs => $3) WHERE id = $1`,
      [id, error, delaySeconds],
    );
  }

  /** Deletes up to `limit` rows dispatched more than `days` ago; gives back how many went. */
  async pruneDispatched(days: number, limit: number): Promise<number> {
    const rows = await this.modifyReturning<{ id: string }>(
      `DELETE FROM outbox WHERE id IN (
         SELECT id FROM outbox
          WHERE dispatched_at < now() - make_interval(days => $1)
          ORDER BY id LIMIT $2)
       RETURNING id`,
      [days, limit],
    );
    return rows.length;
  }
}
