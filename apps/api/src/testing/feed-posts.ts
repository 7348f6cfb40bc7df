import type { DataSource } from 'typeorm';
import type { FeedCard, PostCard } from '@datebook/contracts';
import type { Requester } from './test-api';

/* Builders for the feed and Explore tests: posts and follows written straight to the database. */

export interface PostOptions {
  isCustom?: boolean;
  isPublic?: boolean;
  category?: string;
  createdAt?: Date;
  likeCount?: number;
}

export async function insertActivity(
  db: DataSource,
  authorId: string,
  title: string,
  options: PostOptions = {},
): Promise<string> {
  const [row] = await db.query<Array<{ id: string }>>(
    `INSERT INTO activities (user_id, title, is_custom, category, created_at, like_count)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      authorId,
      title,
      options.isCustom ?? false,
      options.category ?? null,
      options.createdAt ?? new Date(),
      options.likeCount ?? 0,
    ],
  );
  return row!.id;
}

export async function insertDate(
  db: DataSource,
  authorId: string,
  title: string,
  options: PostOptions = {},
): Promise<string> {
  const [row] = await db.query<Array<{ id: string }>>(
    `INSERT INTO dates (user_id, title, visibility_public, category, created_at, like_count)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      authorId,
      title,
      options.isPublic ?? true,
      options.category ?? null,
      options.createdAt ?? new Date(),
      options.likeCount ?? 0,
    ],
  );
  return row!.id;
}

export async function follow(db: DataSource, followerId: string, followingId: string): Promise<void> {
  await db.query('INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)', [
    followerId,
    followingId,
  ]);
}

export async function unfollow(db: DataSource, followerId: string, followingId: string): Promise<void> {
  await db.query('DELETE FROM follows WHERE follower_id = $1 AND following_id = $2', [
    followerId,
    followingId,
  ]);
}

/**
 * Every page of a card list (a feed tab, the Explore grid), following `nextCursor`; `between` runs
 * before each later page.
 */
export async function allPages<Card extends PostCard = FeedCard>(
  as: Requester,
  url: string,
  limit: number,
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  do {
    if (cursor) {
      await between();
    }
    const response = await as({
      method: 'GET',
      url,
      query: { limit: String(limit), ...(cursor ? { cursor } : {}) },
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: Card[]; nextCursor: string | null }>();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    cards.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return cards;
}
