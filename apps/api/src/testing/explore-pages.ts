import type { PostCard } from '@datebook/contracts';
import { allPages } from './feed-posts';
import type { Requester } from './test-api';

/* Helpers for the Explore tests, which read as visitors as well as members. */

/** Every page of the Explore grid; `between` runs before each later page. */
export function allGridPages(
  as: Requester,
  limit: number,
  between?: () => Promise<void>,
): Promise<PostCard[]> {
  return allPages<PostCard>(as, '/api/explore/activities', limit, between);
}

export async function featured(as: Requester): Promise<PostCard[]> {
  const response = await as({ method: 'GET', url: '/api/explore/featured' });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: PostCard[] }>().items;
}
