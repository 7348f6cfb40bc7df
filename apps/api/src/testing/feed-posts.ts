import type { FeedCard, PostCard } from '@datebook/contracts';
import type { Requester } from './test-api';

/* Reading the feed and Explore lists whole, page by page. */

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
