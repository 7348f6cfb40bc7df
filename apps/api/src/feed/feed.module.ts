import { Module } from '@nestjs/common';
import { FeedController } from './feed.controller';
import { FeedService } from './feed.service';
import { ForYouSnapshots } from './for-you-snapshots';

@Module({
  controllers: [FeedController],
  providers: [FeedService, ForYouSnapshots],
})
export class FeedModule {}
