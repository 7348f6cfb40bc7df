import { Module } from '@nestjs/common';
import { FeedRepository } from '@datebook/db';
import { repositories } from '@datebook/server';
import { FeedController } from './feed.controller';
import { FeedService } from './feed.service';
import { ForYouSnapshots } from './for-you-snapshots';

@Module({
  controllers: [FeedController],
  providers: [FeedService, ForYouSnapshots, ...repositories(FeedRepository)],
})
export class FeedModule {}
