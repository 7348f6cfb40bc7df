import type { EntityManager } from 'typeorm';
import { outboxEvents, type OutboxEventPayload, type OutboxEventType } from '@datebook/contracts';

/**
 * Records an event inside the caller's transaction, so the event exists exactly when the change
 * does. The worker's relay (woken by the table's NOTIFY trigger) turns it into jobs.
 */
export async function writeOutbox<T extends OutboxEventType>(
  manager: EntityManager,
  type: T,
  payload: OutboxEventPayload<T>,
  correlationId?: string,
): Promise<string> {
  const data: unknown = outboxEvents[type].payload.parse(payload);
  const rows = await manager.query<Array<{ id: string }>>(
    'INSERT INTO outbox (event_type, payload, correlation_id) VALUES ($1, $2, $3) RETURNING id',
    [type, JSON.stringify(data), correlationId ?? null],
  );
  const row = rows[0];
  if (!row) {
    throw new Error('outbox insert returned no id');
  }
  return row.id;
}
