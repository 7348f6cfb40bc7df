import {
  createDatabaseFromTemplate,
  DEFAULT_ADMIN_URL,
  dropDatabase,
  TestData,
  uniqueDatabaseName,
} from '@datebook/db/testing';
import type { DataSource } from 'typeorm';
import { PLAN_SHARE_TOKEN_PATTERN } from '@datebook/contracts';
import { createDataSource, migrations } from './data-source';
import { migrateAndSeed } from './migrate';
import { PlanShareTokens1764850000000 } from './migrations/1764850000000-PlanShareTokens';
import { PlanShareRepository } from './repositories';

/** Issue 22: plans made before share tokens existed each get their own, and new plans get one too. */
describe('migration PlanShareTokens', () => {
  const name = uniqueDatabaseName('db_share_tokens');
  let dataSource: DataSource;
  const mine = migrations.indexOf(PlanShareTokens1764850000000);

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

  it('gives every existing plan a random token of its own, and every new plan one', async () => {
    const data = new TestData(dataSource);
    const owner = await data.newMember();
    const existing = [];
    for (let i = 0; i < 20; i += 1) {
      existing.push(await data.newPlan(owner.id));
    }

    await migrateAndSeed(dataSource);
    const share = new PlanShareRepository(dataSource);
    const tokens = await Promise.all(existing.map((planId) => share.shareToken(planId, owner.id)));
    const made = await share.shareToken(await data.newPlan(owner.id), owner.id);
    const all = [...tokens, made];
    for (const token of all) {
      expect(token).toMatch(PLAN_SHARE_TOKEN_PATTERN);
      expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    }
    expect(new Set(all).size).toBe(all.length);
  });
});
