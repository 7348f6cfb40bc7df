import { DataSource } from 'typeorm';
import { JobQueues } from '@datebook/server';
import { startTestWorker, useTestWorker } from '../testing';
import { PruneOutboxHandler } from './prune-outbox.handler';

describe('outbox housekeeping', () => {
  const worker = useTestWorker();

  it('removes only rows dispatched more than a week ago', async () => {
    const db = worker.get(DataSource);
    const insert = (dispatchedAt: string | null) =>
      db.query<Array<{ id: string }>>(
        `INSERT INTO outbox (event_type, payload, dispatched_at) VALUES ('no-such.event', '{}', ${dispatchedAt ?? 'NULL'})
         RETURNING id`,
      );
    const [old] = await insert(`now() - interval '8 days'`);
    const [recent] = await insert(`now() - interval '6 days'`);
    // Undispatched rows are never pruned, however old; keep this one from being relayed meanwhile.
    const [pending] = await db.query<Array<{ id: string }>>(
      `INSERT INTO outbox (event_type, payload, created_at, available_at)
         VALUES ('no-such.event', '{}', now() - interval '30 days', now() + interval '1 day') RETURNING id`,
    );

    await worker.get(PruneOutboxHandler).handle();

    const left = await db.query<Array<{ id: string }>>(
      'SELECT id FROM outbox WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[old!.id, recent!.id, pending!.id]],
    );
    expect(left.map((row) => row.id)).toEqual([recent!.id, pending!.id]);
  });

  it('is scheduled hourly beside the stale upload pruning, once however many workers start', async () => {
    const second = await startTestWorker(worker.env.config);
    try {
      const schedulers = await worker.get(JobQueues).queue('housekeeping').getJobSchedulers();
      expect(schedulers).toHaveLength(2);
      expect(schedulers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ key: 'prune-outbox', every: 3_600_000 }),
          expect.objectContaining({ key: 'prune-stale-uploads', every: 3_600_000 }),
        ]),
      );
    } finally {
      await second.close();
    }
  });
});
