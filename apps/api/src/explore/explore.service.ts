import { Injectable } from '@nestjs/common';
import {
  EXPLORE_CREATOR_LIMITS,
  EXPLORE_LIMITS,
  exploreMessages,
  type ExploreCreators,
  type ExploreGridParams,
  type FeaturedActivities,
  type PostSearchPage,
  type UserSearchResult,
} from '@datebook/contracts';
import { ExploreRepository, type CreatorRow } from '@datebook/db';
import { ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';
import { toPostCard } from '../posts/post-card';

/**
 * The Explore page's reads, open to visitors. Each answer is one statement whatever its size, with
 * the card query the rest of the app uses (isLiked and isSaved for members, signed media URLs).
 */
@Injectable()
export class ExploreService {
  constructor(
    private readonly explore: ExploreRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async featured(viewer: Viewer | undefined): Promise<FeaturedActivities> {
    const rows = await this.explore.featured(viewer?.sub ?? null, EXPLORE_LIMITS.featured);
    return { items: rows.map((row) => toPostCard('activity', row, this.storage)) };
  }

  /** Suggestions for a member; the most followed public creators for a visitor. */
  async creators(viewer: Viewer | undefined): Promise<ExploreCreators> {
    if (!viewer) {
      const rows = await this.explore.popularCreators(EXPLORE_CREATOR_LIMITS.popular);
      return { kind: 'popular', items: rows.map((row) => this.toCreator(row)) };
    }
    const rows = await this.explore.suggestedCreators(viewer.sub, EXPLORE_CREATOR_LIMITS.suggested);
    return { kind: 'suggested', items: rows.map((row) => this.toCreator(row)) };
  }

  /** The grid, newest first, keyset on (created_at, id). */
  async activities(viewer: Viewer | undefined, params: ExploreGridParams): Promise<PostSearchPage> {
    const after = pagePosition(params.cursor, exploreMessages.invalidCursor);
    const rows = await this.explore.activities(viewer?.sub ?? null, { after, limit: params.limit + 1 });
    return keysetPage(
      rows,
      params.limit,
      (row) => toPostCard('activity', row, this.storage),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.id }),
    );
  }

  /**
   * Everyone listed is public and not followed by the viewer: the query excludes the rest. Nor has
   * the viewer a request waiting on them: a request is made only to a private member, and turning
   * public approves every pending one in the same transaction.
   */
  private toCreator(row: CreatorRow): UserSearchResult {
    return {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: this.storage.readUrl(row.avatar_key),
      followerCount: row.follower_count,
      isFollowing: false,
      requested: false,
      isPrivate: false,
    };
  }
}
