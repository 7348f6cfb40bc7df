import { Controller, Query } from '@nestjs/common';
import { feedEndpoints, type FeedPage, type FeedParams } from '@datebook/contracts';
import { Authenticated, CurrentViewer } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { FeedService } from './feed.service';

@Controller()
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  @Authenticated()
  @Endpoint(feedEndpoints.following)
  following(@CurrentViewer() viewer: Viewer, @Query() query: FeedParams): Promise<FeedPage> {
    return this.feed.following(viewer.sub, query);
  }

  @Authenticated()
  @Endpoint(feedEndpoints.forYou)
  forYou(@CurrentViewer() viewer: Viewer, @Query() query: FeedParams): Promise<FeedPage> {
    return this.feed.forYou(viewer.sub, query);
  }
}
