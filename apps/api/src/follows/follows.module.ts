import { Module } from '@nestjs/common';
import { FollowsRepository, ProfilesRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { FollowsController } from './follows.controller';
import { FollowsService } from './follows.service';

@Module({
  controllers: [FollowsController],
  providers: [FollowsService, ...repositories(FollowsRepository, ProfilesRepository)],
})
export class FollowsModule {}
