import { DataSource } from 'typeorm';
import { RESCORE_EVERY_MS } from '@datebook/contracts';
import { JobQueues } from '@datebook/server';
import { startTestWorker, useTestWorker } from '../testing';
import { RescoreRecentHandler } from './rescore-recent.handler';
import { ScorePostHandler } from './score-post.handler';

describe('For You scores', () => {
  let db: DataSource;
  let authorId: string;

  const worker = useTestWorker();
  beforeAll(async () => {
    db = worker.get(DataSource);
    authorId = (await worker.data.newMember()).id;
  });

  const DAY_MS = 24 * 60 * 60 * 1000;

  const activity = (change: { isCustom?: boolean; likes?: number; comments?: number; ageDays?: number }) =>
    worker.data.newActivity(authorId, {
      title: 'a',
      isCustom: change.isCustom,
      likeCount: change.likes,
      commentCount: change.comments,
      createdAt: change.ageDays ? new Date(Date.now() - change.ageDays * DAY_MS) : undefined,
    });

  const date = (isPublic: boolean) => worker.data.newDate(authorId, { title: 'd', isPublic });

  const scoreOf = async (kind: string, id: string): Promise<number | undefined> => {
    const [row] = await db.query<Array<{ score: number }>>(
      'SELECT score FROM post_scores WHERE kind = $1 AND post_id = $2',
      [kind, id],
    );
    return row?.score;
  };

  it('scores eligible posts by engagement with a time decay, and never custom activities or private dates', async () => {
    const quiet = await activity({});
    const liked = await activity({ likes: 10 });
    const commented = await activity({ comments: 5 });
    const older = await activity({ likes: 10, ageDays: 3 });
    const custom = await activity({ isCustom: true, likes: 100 });
    const publicDate = await date(true);
    const privateDate = await date(false);
    const saved = await activity({});
    const collection = await worker.data.newCollection(authorId, 'Keep');
    await db.query('INSERT INTO collection_items (collection_id, activity_id) VALUES ($1, $2)', [
      collection,
      saved,
    ]);

    await worker.get(RescoreRecentHandler).handle();

    const scores = {
      quiet: await scoreOf('activity', quiet),
      liked: await scoreOf('activity', liked),
      commented: await scoreOf('activity', commented),
      older: await scoreOf('activity', older),
      saved: await scoreOf('activity', saved),
    };
    expect(scores.liked).toBeGreaterThan(scores.quiet!);
    // Ten likes and five comments weigh the same; a save counts too.
    expect(scores.commented).toBeCloseTo(scores.liked!, 3);
    expect(scores.saved).toBeGreaterThan(scores.quiet!);
    // Three days cost three units; ln(11) ≈ 2.4 of engagement does not make up for them.
    expect(scores.older).toBeLessThan(scores.quiet!);
    expect(await scoreOf('date', publicDate)).toBeDefined();
    expect(await scoreOf('activity', custom)).toBeUndefined();
    expect(await scoreOf('date', privateDate)).toBeUndefined();
  });

  it('follows one post at once: scored when published, dropped when made private or deleted', async () => {
    const dateId = await date(true);
    const handler = worker.get(ScorePostHandler);
    await handler.handle({ kind: 'date', postId: dateId });
    expect(await scoreOf('date', dateId)).toBeDefined();

    await db.query('UPDATE dates SET visibility_public = false WHERE id = $1', [dateId]);
    await handler.handle({ kind: 'date', postId: dateId });
    expect(await scoreOf('date', dateId)).toBeUndefined();

    const activityId = await activity({});
    await handler.handle({ kind: 'activity', postId: activityId });
    await db.query('DELETE FROM activities WHERE id = $1', [activityId]);
    await handler.handle({ kind: 'activity', postId: activityId });
    expect(await scoreOf('activity', activityId)).toBeUndefined();
  });

  it('scores a post from its outbox event through the relay', async () => {
    const activityId = await activity({ likes: 3 });
    await db.query(`INSERT INTO outbox (event_type, payload) VALUES ('post.created', $1)`, [
      JSON.stringify({ kind: 'activity', postId: activityId }),
    ]);
    const deadline = Date.now() + 15_000;
    while ((await scoreOf('activity', activityId)) === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await scoreOf('activity', activityId)).toBeDefined();
  });

  it('refreshes every few minutes, once however many workers start', async () => {
    const second = await startTestWorker(worker.env.config);
    try {
      const schedulers = await worker.get(JobQueues).queue('feed').getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: 'rescore-recent', every: RESCORE_EVERY_MS }),
      ]);
    } finally {
      await second.close();
    }
  });
});
