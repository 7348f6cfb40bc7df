import { Module } from '@nestjs/common';
import { FollowRequestsRepository, FollowsRepository, ProfilesRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { FollowEvents } from './follow-events';
import { FollowRequestsController } from './follow-requests.controller';
import { FollowRequestsService } from './follow-requests.service';
import { FollowsController } from './follows.controller';
import { FollowsService } from './follows.service';

@Module({
  controllers: [FollowsController, FollowRequestsController],
  providers: [
    FollowsService,
    FollowRequestsService,
    FollowEvents,
    ...repositories(FollowRequestsRepository, FollowsRepository, ProfilesRepository),
  ],
  exports: [FollowEvents],
})
export class FollowsModule {}
