import { CategoriesRepository } from './categories.repository';
import { CollectionItemsRepository } from './collection-items.repository';
import { CollectionsRepository } from './collections.repository';
import { CommentsRepository } from './comments.repository';
import { FeedRepository } from './feed.repository';
import { FeedScoresRepository } from './feed-scores.repository';
import { FollowsRepository } from './follows.repository';
import { FormsRepository } from './forms.repository';
import { LikesRepository } from './likes.repository';
import { MediaUploadsRepository } from './media-uploads.repository';
import { MfaFactorsRepository } from './mfa-factors.repository';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { OutboxRepository } from './outbox.repository';
import { PlanEventsRepository } from './plan-events.repository';
import { PlanListsRepository } from './plan-lists.repository';
import { PlanShareRepository } from './plan-share.repository';
import { PlanActivitiesRepository } from './plan-activities.repository';
import { PlanMembersRepository } from './plan-members.repository';
import { PlanPeopleRepository } from './plan-people.repository';
import { PlansRepository } from './plans.repository';
import { PostMediaRepository } from './post-media.repository';
import { PostMediaCopiesRepository } from './post-media-copies.repository';
import { LegacyPostMediaRepository } from './post-media-legacy.repository';
import { PostsRepository } from './posts.repository';
import { ProfilesRepository } from './profiles.repository';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { ExploreRepository } from './explore.repository';
import { SearchRepository } from './search.repository';
import { SearchIndexRepository } from './search-index.repository';
import type { SqlExecutor, SqlRepository } from './sql-repository';
import { UsersRepository } from './users.repository';

export { SqlRepository, type SqlExecutor } from './sql-repository';
export { POST_TABLES, visiblePostSql } from './post-tables';
export type { KeysetPosition } from './keyset';
export type { ActivityRow, CardMediaJson, CardRow, DateRow } from './post-cards';
export * from './posts.repository';
export * from './categories.repository';
export * from './likes.repository';
export * from './comments.repository';
export * from './follows.repository';
export * from './profiles.repository';
export * from './users.repository';
export * from './refresh-tokens.repository';
export * from './one-time-tokens.repository';
export * from './mfa-factors.repository';
export * from './collections.repository';
export * from './collection-items.repository';
export * from './forms.repository';
export * from './media-uploads.repository';
export * from './post-media.repository';
export * from './post-media-copies.repository';
export * from './post-media-legacy.repository';
export * from './outbox.repository';
export * from './feed.repository';
export * from './feed-scores.repository';
export * from './search-index.repository';
export * from './search.repository';
export * from './explore.repository';
export * from './plans.repository';
export * from './plan-members.repository';
export * from './plan-people.repository';
export * from './plan-activities.repository';
export * from './plan-events.repository';
export * from './plan-lists.repository';
export * from './plan-share.repository';

/**
 * Every repository class. The server's infrastructure module provides each one on the process's
 * data source, so services and job handlers inject them by class.
 */
export const repositories: Array<new (db: SqlExecutor) => SqlRepository> = [
  ProfilesRepository,
  FollowsRepository,
  PostsRepository,
  CategoriesRepository,
  LikesRepository,
  CommentsRepository,
  UsersRepository,
  RefreshTokensRepository,
  OneTimeTokensRepository,
  MfaFactorsRepository,
  CollectionsRepository,
  CollectionItemsRepository,
  FormsRepository,
  MediaUploadsRepository,
  PostMediaRepository,
  PostMediaCopiesRepository,
  LegacyPostMediaRepository,
  OutboxRepository,
  FeedRepository,
  FeedScoresRepository,
  SearchIndexRepository,
  SearchRepository,
  ExploreRepository,
  PlansRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
  PlanActivitiesRepository,
  PlanEventsRepository,
  PlanListsRepository,
  PlanShareRepository,
];
