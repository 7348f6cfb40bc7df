import { DataSource } from 'typeorm';
import { ReconnectingDataSource, type DatabaseRetry } from './reconnecting-data-source';
import { InitialSchema1763700000000 } from './migrations/1763700000000-InitialSchema';
import { MediaUploads1763800000000 } from './migrations/1763800000000-MediaUploads';
import { AdminProfilesIndex1763850000000 } from './migrations/1763850000000-AdminProfilesIndex';
import { PostPublishing1763900000000 } from './migrations/1763900000000-PostPublishing';
import { StaleUploadsIndex1764000000000 } from './migrations/1764000000000-StaleUploadsIndex';
import { PublishRequestIds1764100000000 } from './migrations/1764100000000-PublishRequestIds';
import { SessionHardening1764200000000 } from './migrations/1764200000000-SessionHardening';
import { PrivateMediaKeys1764300000000 } from './migrations/1764300000000-PrivateMediaKeys';
import { DefaultCollections1764400000000 } from './migrations/1764400000000-DefaultCollections';
import { CollectionCovers1764500000000 } from './migrations/1764500000000-CollectionCovers';
import { PostScores1764600000000 } from './migrations/1764600000000-PostScores';
import { SearchFilters1764700000000 } from './migrations/1764700000000-SearchFilters';
import { SearchIndexes1764710000000 } from './migrations/1764710000000-SearchIndexes';
import { ExploreIndexes1764730000000 } from './migrations/1764730000000-ExploreIndexes';
import { PlanCreateOps1764810000000 } from './migrations/1764810000000-PlanCreateOps';
import { DropActivitySiteSpecific1764820000000 } from './migrations/1764820000000-DropActivitySiteSpecific';
import { PlanTimeZones1764830000000 } from './migrations/1764830000000-PlanTimeZones';
import { PlanEventsStoredBare1764840000000 } from './migrations/1764840000000-PlanEventsStoredBare';
import { PlanShareTokens1764850000000 } from './migrations/1764850000000-PlanShareTokens';
import { PlanCreations1764870000000 } from './migrations/1764870000000-PlanCreations';
import { FollowRequests1764880000000 } from './migrations/1764880000000-FollowRequests';
import { MediaThumbHashes1764890000000 } from './migrations/1764890000000-MediaThumbHashes';
import { SearchNames1764900000000 } from './migrations/1764900000000-SearchNames';
import { AdminInteractionsUncounted1764910000000 } from './migrations/1764910000000-AdminInteractionsUncounted';
import { CommentClientIds1764940000000 } from './migrations/1764940000000-CommentClientIds';

/**
 * In the order they run. An explicit list rather than a glob: the same code then loads from src
 * (Jest) and from dist.
 */
export const migrations = [
  InitialSchema1763700000000,
  MediaUploads1763800000000,
  AdminProfilesIndex1763850000000,
  PostPublishing1763900000000,
  StaleUploadsIndex1764000000000,
  PublishRequestIds1764100000000,
  SessionHardening1764200000000,
  PrivateMediaKeys1764300000000,
  DefaultCollections1764400000000,
  CollectionCovers1764500000000,
  PostScores1764600000000,
  SearchFilters1764700000000,
  SearchIndexes1764710000000,
  ExploreIndexes1764730000000,
  PlanCreateOps1764810000000,
  DropActivitySiteSpecific1764820000000,
  PlanTimeZones1764830000000,
  PlanEventsStoredBare1764840000000,
  PlanShareTokens1764850000000,
  PlanCreations1764870000000,
  FollowRequests1764880000000,
  MediaThumbHashes1764890000000,
  SearchNames1764900000000,
  AdminInteractionsUncounted1764910000000,
  CommentClientIds1764940000000,
];

export interface DataSourceSettings {
  url: string;
  /** Pool size per process (node-postgres default: 10). */
  poolSize?: number;
  logging?: boolean;
  /** Shown in pg_stat_activity, so a connection can be traced to its app. */
  applicationName?: string;
  /** Told of every lost connection the data source handled: the apps log and count them. */
  onRetry?: (retry: DatabaseRetry) => void;
}

/**
 * A DataSource that is not yet initialized; call `initialize()` (or let @nestjs/typeorm do it). It
 * runs a read or an uncommitted transaction once more when its connection is ended under it (see
 * ReconnectingDataSource).
 */
export function createDataSource(options: DataSourceSettings): DataSource {
  const dataSource = new ReconnectingDataSource({
    type: 'postgres',
    url: options.url,
    // TypeORM only pools connections and runs the migrations; the repositories' SQL reads the tables.
    entities: [],
    migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    // Extensions are created by the migrations, not by TypeORM on every connect.
    installExtensions: false,
    logging: options.logging ?? false,
    ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
    ...(options.applicationName === undefined ? {} : { applicationName: options.applicationName }),
  });
  if (options.onRetry) {
    dataSource.onRetry = options.onRetry;
  }
  return dataSource;
}
