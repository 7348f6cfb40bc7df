import { randomUUID } from 'node:crypto';
import { useDatabaseBefore } from '@datebook/db/testing';
import { migrateAndSeed } from './migrate';
import { PlanCreations1764870000000 } from './migrations/1764870000000-PlanCreations';

/** Issue 22: plans made before plan_creations keep their create op ids, past their deletion too. */
describe('migration PlanCreations', () => {
  const database = useDatabaseBefore(PlanCreations1764870000000, 'db_plan_creations');

  it('remembers each existing plan’s create op id, and keeps it when the plan is deleted', async () => {
    const [{ id: owner }] = await database.db.query<[{ id: string }]>(
      `WITH u AS (INSERT INTO users (email, password_hash) VALUES ('planner@example.com', 'h') RETURNING id)
       INSERT INTO profiles (id, username) SELECT id, 'planner' FROM u RETURNING id`,
    );
    const [{ id: plan }] = await database.db.query<[{ id: string }]>(
      `INSERT INTO planned_dates (owner_id, title) VALUES ($1, 'Picnic') RETURNING id`,
      [owner],
    );
    const [created, renamed] = [randomUUID(), randomUUID()];
    await database.db.query(
      `INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result)
       VALUES ($1, 1, $2, $4, 'tab', '{}', '{}'), ($1, 2, $3, $4, 'tab', '{}', '{}')`,
      [plan, created, renamed, owner],
    );

    await migrateAndSeed(database.db);

    const creations = () =>
      database.db.query<Array<{ op_id: string; plan_id: string | null }>>(
        'SELECT op_id, plan_id FROM plan_creations WHERE actor_id = $1',
        [owner],
      );
    expect(await creations()).toEqual([{ op_id: created, plan_id: plan }]);
    await database.db.query('DELETE FROM planned_dates WHERE id = $1', [plan]);
    expect(await creations()).toEqual([{ op_id: created, plan_id: null }]);
  });
});
