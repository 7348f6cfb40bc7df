import { Controller, Param, Query } from '@nestjs/common';
import {
  followEndpoints,
  type FollowList,
  type FollowListParams,
  type FollowState,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer, OptionalViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { FollowsService } from './follows.service';

@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Public()
  @Endpoint(followEndpoints.followers)
  followers(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('username') username: string,
    @Query() query: FollowListParams,
  ): Promise<FollowList> {
    return this.follows.list(viewer, 'followers', username, query);
  }

  @Public()
  @Endpoint(followEndpoints.following)
  following(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('username') username: string,
    @Query() query: FollowListParams,
  ): Promise<FollowList> {
    return this.follows.list(viewer, 'following', username, query);
  }

  @Authenticated()
  @Endpoint(followEndpoints.follow)
  follow(@CurrentViewer() viewer: Viewer, @Param('username') username: string): Promise<FollowState> {
    return this.follows.follow(viewer, username);
  }

  @Authenticated()
  @Endpoint(followEndpoints.unfollow)
  unfollow(@CurrentViewer() viewer: Viewer, @Param('username') username: string): Promise<FollowState> {
    return this.follows.unfollow(viewer, username);
  }
}
