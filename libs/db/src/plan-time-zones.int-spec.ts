import { randomUUID } from 'node:crypto';
import {
  createDatabaseFromTemplate,
  DEFAULT_ADMIN_URL,
  dropDatabase,
  uniqueDatabaseName,
} from '@datebook/db/testing';
import type { DataSource } from 'typeorm';
import { createDataSource, migrations } from './data-source';
import { migrateAndSeed } from './migrate';
import { PlanTimeZones1764830000000 } from './migrations/1764830000000-PlanTimeZones';

/*
 * Issue 22: existing plans take a zone from the zones their members' Schedule ops carried. The rows
 * are written as the schema stood before the migration, which the builders no longer write.
 */
describe('migration PlanTimeZones', () => {
  const name = uniqueDatabaseName('db_plan_zones');
  let dataSource: DataSource;
  const mine = migrations.indexOf(PlanTimeZones1764830000000);

  beforeAll(async () => {
    const url = await createDatabaseFromTemplate(DEFAULT_ADMIN_URL, 'template1', name);
    dataSource = createDataSource({ url, poolSize: 2 });
    await dataSource.initialize();
    await migrateAndSeed(dataSource);
    for (let i = migrations.length; i > mine; i--) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(DEFAULT_ADMIN_URL, name);
  });

  async function person(username: string): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `WITH u AS (INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'h') RETURNING id)
       INSERT INTO profiles (id, username) SELECT id, $3 FROM u`,
      [id, `${username}@example.com`, username],
    );
    return id;
  }

  async function plan(ownerId: string): Promise<string> {
    const [row] = await dataSource.query<[{ id: string }]>(
      `INSERT INTO planned_dates (owner_id, title) VALUES ($1, 'Plan') RETURNING id`,
      [ownerId],
    );
    return row.id;
  }

  async function scheduled(planId: string, version: number, actorId: string, timeZone: string) {
    await dataSource.query(
      `INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result)
       VALUES ($1, $2, $3, $4, 'tab', $5, '{}')`,
      [planId, version, randomUUID(), actorId, { type: 'activity.schedule', ref: randomUUID(), timeZone }],
    );
  }

  it("gives each plan its owner's Schedule zone, else a member's, else the owner's elsewhere, else UTC", async () => {
    const owner = await person('zone_owner');
    const friend = await person('zone_friend');
    const stranger = await person('zone_stranger');
    const ownersOwn = await plan(owner);
    await scheduled(ownersOwn, 2, owner, 'Europe/Paris');
    await scheduled(ownersOwn, 3, friend, 'Asia/Tokyo');
    const friendsOnly = await plan(owner);
    await scheduled(friendsOnly, 2, friend, 'Asia/Tokyo');
    const unscheduled = await plan(owner);
    const nobodys = await plan(stranger);

    await migrateAndSeed(dataSource);

    const rows: Array<{ id: string; time_zone: string }> = await dataSource.query(
      `SELECT id::text, time_zone FROM planned_dates ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: ownersOwn, time_zone: 'Europe/Paris' },
      { id: friendsOnly, time_zone: 'Asia/Tokyo' },
      { id: unscheduled, time_zone: 'Europe/Paris' },
      { id: nobodys, time_zone: 'UTC' },
    ]);
  });
});
