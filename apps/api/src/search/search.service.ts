import { Injectable } from '@nestjs/common';
import {
  ANY,
  EXPLORE_MOOD_MATCHES,
  searchMessages,
  TIME_FILTER_MATCHES,
  type PostKind,
  type PostSearchPage,
  type PostSearchParams,
  type UserSearchPage,
  type UserSearchParams,
} from '@datebook/contracts';
import {
  SearchRepository,
  type PostSearchFilters,
  type PostSearchSort,
  type SearchPosition,
} from '@datebook/db';
import { ObjectStorage, ValidationError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { toPostCard } from '../posts/post-card';
import { decodeSearchCursor, encodeSearchCursor, type SearchOrder } from './search-cursor';

const SORTS: Record<NonNullable<PostSearchParams['sort']>, PostSearchSort> = {
  Relevance: 'relevance',
  Newest: 'newest',
  'Most Popular': 'popular',
  'Highest Rated': 'rated',
};

/**
 * Search, open to visitors: posts by words and filters, members by name. Each page is one
 * statement (plus a category lookup when one is chosen) whatever its size.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async posts(kind: PostKind, viewer: Viewer | undefined, params: PostSearchParams): Promise<PostSearchPage> {
    // Without words there is nothing to be relevant to: the filters' matches come newest first.
    const sort =
      params.q === '' && (params.sort ?? 'Relevance') === 'Relevance'
        ? 'newest'
        : SORTS[params.sort ?? 'Relevance'];
    const after = position(sort, params.cursor);
    const filters = await this.filters(params);
    const rows = await this.search.posts(kind, viewer?.sub ?? null, {
      q: params.q,
      filters,
      sort,
      after,
      limit: params.limit + 1,
    });
    return page(sort, rows, params.limit, (row) => toPostCard(kind, row, this.storage));
  }

  async users(viewer: Viewer | undefined, params: UserSearchParams): Promise<UserSearchPage> {
    const after = position('users', params.cursor);
    if (params.q === '') {
      return { items: [], nextCursor: null };
    }
    const rows = await this.search.users(viewer?.sub ?? null, {
      q: params.q,
      after,
      limit: params.limit + 1,
    });
    return page('users', rows, params.limit, (row) => ({
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: this.storage.readUrl(row.avatar_key),
      followerCount: row.is_private && !row.is_following ? null : row.follower_count,
      isFollowing: row.is_following,
      requested: row.requested,
      isPrivate: row.is_private,
    }));
  }

  /** The request's filters as the index's values; a category that does not exist is a 400. */
  private async filters(params: PostSearchParams): Promise<PostSearchFilters> {
    const filters: PostSearchFilters = {};
    if (params.budget !== undefined && params.budget !== ANY) {
      filters.budget = params.budget;
    }
    if (params.mood !== undefined && params.mood !== ANY) {
      filters.moods = EXPLORE_MOOD_MATCHES[params.mood];
    }
    if (params.time !== undefined && params.time !== ANY) {
      filters.times = TIME_FILTER_MATCHES[params.time];
    }
    if (params.specificity !== undefined && params.specificity !== ANY) {
      filters.siteSpecific = params.specificity === 'Site-specific';
    }
    if (params.category !== undefined && params.category !== ANY) {
      if (!(await this.search.categoryExists(params.category))) {
        throw new ValidationError([{ path: 'category', message: searchMessages.unknownFilter }]);
      }
      filters.categorySlug = params.category;
    }
    return filters;
  }
}

/** Where a page starts: none is the first page; a cursor this api did not make for this order is a 400. */
function position(order: SearchOrder, cursor: string | undefined): SearchPosition | undefined {
  if (cursor === undefined) {
    return undefined;
  }
  const after = decodeSearchCursor(order, cursor);
  if (!after) {
    throw new ValidationError([{ path: 'cursor', message: searchMessages.invalidCursor }]);
  }
  return after;
}

/** A page from rows fetched with `limit + 1`: the extra row only says there is more. */
function page<R extends { id: string; sort_key: string }, T>(
  order: SearchOrder,
  rows: readonly R[],
  limit: number,
  toItem: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map(toItem),
    nextCursor:
      rows.length > limit && last ? encodeSearchCursor(order, { key: last.sort_key, id: last.id }) : null,
  };
}
