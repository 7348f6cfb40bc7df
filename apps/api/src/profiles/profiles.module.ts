import { Module } from '@nestjs/common';
import {
  FollowRequestsRepository,
  FollowsRepository,
  OutboxRepository,
  ProfilesRepository,
} from '@datebook/db';
import { repositories } from '@datebook/server';
import { FollowsModule } from '../follows/follows.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

@Module({
  imports: [FollowsModule],
  controllers: [ProfilesController],
  providers: [
    ProfilesService,
    ...repositories(FollowRequestsRepository, FollowsRepository, OutboxRepository, ProfilesRepository),
  ],
})
export class ProfilesModule {}
