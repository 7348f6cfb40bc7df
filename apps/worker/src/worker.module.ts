import { Module, type DynamicModule } from '@nestjs/common';
import {
  CollectionsRepository,
  FeedScoresRepository,
  FormsRepository,
  LegacyPostMediaRepository,
  MediaUploadsRepository,
  OneTimeTokensRepository,
  OutboxRepository,
  PostMediaRepository,
  ProfilesRepository,
  SearchIndexRepository,
  UsersRepository,
} from '@datebook/db';
import { InfrastructureModule, repositories, type AppConfig } from '@datebook/server';
import { WorkerHttpService } from './http/worker-http.service';
import { JOB_HANDLERS, type JobHandler } from './jobs/job-handler';
import { JobSchedulerService } from './jobs/job-scheduler.service';
import { QueueWorkersService } from './jobs/queue-workers.service';
import { AccountPurgeHandler } from './account/account-purge.handler';
import { AuthLinkHandler } from './mail/auth-link.handler';
import { RescoreRecentHandler } from './feed/rescore-recent.handler';
import { ScorePostHandler } from './feed/score-post.handler';
import { PruneOutboxHandler } from './housekeeping/prune-outbox.handler';
import { PruneStaleUploadsHandler } from './housekeeping/prune-stale-uploads.handler';
import { EarlyAccessAckHandler } from './mail/early-access-ack.handler';
import { CopyPostMediaHandler } from './media/copy-post-media.handler';
import { DeleteObjectsHandler } from './media/delete-objects.handler';
import { BackfillThumbHashesHandler } from './media/backfill-thumbhashes.handler';
import { LegacyMediaRekeyStarter } from './media/legacy-media-rekey.starter';
import { ThumbHashBackfillStarter } from './media/thumbhash-backfill.starter';
import { RekeyLegacyMediaHandler } from './media/rekey-legacy-media.handler';
import { MediaIntake } from './media/media-intake';
import { MediaOutcome } from './media/media-outcome';
import { PostMediaRenditions } from './media/post-media-renditions';
import { mediaProcessingProviders } from './media/processing/media-processing.providers';
import { RenditionWriter } from './media/rendition-writer';
import { SquareImageRenditions } from './media/square-image-renditions';
import { ProcessAvatarHandler } from './media/process-avatar.handler';
import { ProcessCollectionCoverHandler } from './media/process-collection-cover.handler';
import { ProcessPostMediaHandler } from './media/process-post-media.handler';
import { OutboxRelayService } from './outbox/outbox-relay.service';
import { IndexPostHandler } from './search/index-post.handler';
import { IndexProfileHandler } from './search/index-profile.handler';
import { RefreshCountsHandler } from './search/refresh-counts.handler';
import { RemoveAccountHandler } from './search/remove-account.handler';

/** Every job handler; the queue workers refuse to boot unless each job of the registry has one. */
const HANDLERS = [
  EarlyAccessAckHandler,
  AuthLinkHandler,
  AccountPurgeHandler,
  ProcessAvatarHandler,
  ProcessCollectionCoverHandler,
  ProcessPostMediaHandler,
  CopyPostMediaHandler,
  DeleteObjectsHandler,
  RekeyLegacyMediaHandler,
  BackfillThumbHashesHandler,
  PruneOutboxHandler,
  PruneStaleUploadsHandler,
  ScorePostHandler,
  RescoreRecentHandler,
  IndexPostHandler,
  IndexProfileHandler,
  RemoveAccountHandler,
  RefreshCountsHandler,
];

export interface WorkerOptions {
  /** Integration tests that drive the relay or the queues by hand turn the automatic parts off. */
  http?: boolean;
}

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, options: WorkerOptions = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [InfrastructureModule.forRoot(config, 'worker')],
      providers: [
        ...repositories(
          CollectionsRepository,
          FeedScoresRepository,
          FormsRepository,
          LegacyPostMediaRepository,
          MediaUploadsRepository,
          OneTimeTokensRepository,
          OutboxRepository,
          PostMediaRepository,
          ProfilesRepository,
          SearchIndexRepository,
          UsersRepository,
        ),
        ...mediaProcessingProviders,
        MediaIntake,
        RenditionWriter,
        MediaOutcome,
        PostMediaRenditions,
        SquareImageRenditions,
        ...HANDLERS,
        { provide: JOB_HANDLERS, useFactory: (...handlers: JobHandler[]) => handlers, inject: HANDLERS },
        QueueWorkersService,
        JobSchedulerService,
        LegacyMediaRekeyStarter,
        ThumbHashBackfillStarter,
        OutboxRelayService,
        ...(options.http === false ? [] : [WorkerHttpService]),
      ],
    };
  }
}
