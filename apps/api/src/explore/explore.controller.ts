import { Controller, Query } from '@nestjs/common';
import {
  exploreEndpoints,
  type ExploreCreators,
  type ExploreGridParams,
  type FeaturedActivities,
  type PostSearchPage,
} from '@datebook/contracts';
import { OptionalViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { ExploreService } from './explore.service';

@Controller()
export class ExploreController {
  constructor(private readonly explore: ExploreService) {}

  @Public()
  @Endpoint(exploreEndpoints.featured)
  featured(@OptionalViewer() viewer: Viewer | undefined): Promise<FeaturedActivities> {
    return this.explore.featured(viewer);
  }

  @Public()
  @Endpoint(exploreEndpoints.creators)
  creators(@OptionalViewer() viewer: Viewer | undefined): Promise<ExploreCreators> {
    return this.explore.creators(viewer);
  }

  @Public()
  @Endpoint(exploreEndpoints.activities)
  activities(
    @OptionalViewer() viewer: Viewer | undefined,
    @Query() query: ExploreGridParams,
  ): Promise<PostSearchPage> {
    return this.explore.activities(viewer, query);
  }
}
