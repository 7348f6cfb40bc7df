import { useDatabaseBefore } from '@datebook/db/testing';
import { PLAN_SHARE_TOKEN_PATTERN } from '@datebook/contracts';
import { migrateAndSeed } from './migrate';
import { PlanShareTokens1764850000000 } from './migrations/1764850000000-PlanShareTokens';
import { PlanShareRepository } from './repositories';

/** Issue 22: plans made before share tokens existed each get their own, and new plans get one too. */
describe('migration PlanShareTokens', () => {
  const database = useDatabaseBefore(PlanShareTokens1764850000000, 'db_share_tokens');

  it('gives every existing plan a random token of its own, and every new plan one', async () => {
    const data = database.data;
    const owner = await data.newMember();
    const existing = [];
    for (let i = 0; i < 20; i += 1) {
      existing.push(await data.newPlan(owner.id));
    }

    await migrateAndSeed(database.db);
    const share = new PlanShareRepository(database.db);
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
