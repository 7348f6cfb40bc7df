import { Module } from '@nestjs/common';
import {
  MediaUploadsRepository,
  OutboxRepository,
  PlanActivitiesRepository,
  PlanEventsRepository,
  PlanListsRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
  PlanShareRepository,
  PlansRepository,
  PostMediaCopiesRepository,
  PostMediaRepository,
  PostsRepository,
} from '@datebook/db';
import { repositories } from '@datebook/server';
import { HealthModule } from '../health/health.module';
import { PostUploads } from '../posts/post-uploads';
import { RealtimeModule } from '../realtime/realtime.module';
import { PlanBroadcast } from './plan-broadcast';
import { PlanCompletion } from './plan-completion';
import { PlanEventRefs } from './plan-event-refs';
import { PlanHeads } from './plan-heads';
import { PlanHistoryService } from './plan-history.service';
import { PlanOpLimits } from './plan-op-limits';
import { PlanOpLookups } from './plan-op-lookups';
import { PlanOperationsService } from './plan-operations.service';
import { PlanPresence } from './plan-presence';
import { PlanPresenceStore } from './plan-presence-store';
import { PlanShareLinksService } from './plan-share-links.service';
import { PlansController } from './plans.controller';
import { PlansGateway } from './plans.gateway';
import { PlansService } from './plans.service';

@Module({
  imports: [RealtimeModule, HealthModule],
  controllers: [PlansController],
  providers: [
    PlansService,
    PlanOperationsService,
    PlanCompletion,
    PlanOpLookups,
    PlanOpLimits,
    PlanBroadcast,
    PlansGateway,
    PlanHistoryService,
    PlanEventRefs,
    PlanPresenceStore,
    PlanPresence,
    PlanHeads,
    PlanShareLinksService,
    // The posts' upload path, for the recap's new photos (it holds no state of its own).
    PostUploads,
    ...repositories(
      MediaUploadsRepository,
      OutboxRepository,
      PlanActivitiesRepository,
      PlanEventsRepository,
      PlanListsRepository,
      PlanMembersRepository,
      PlanPeopleRepository,
      PlanShareRepository,
      PlansRepository,
      PostMediaCopiesRepository,
      PostMediaRepository,
      PostsRepository,
    ),
  ],
})
export class PlansModule {}
