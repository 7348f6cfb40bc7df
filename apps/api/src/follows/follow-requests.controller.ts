import { Controller, Param, Query } from '@nestjs/common';
import {
  followRequestEndpoints,
  type FollowListParams,
  type FollowRequestAnswer,
  type FollowRequestList,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { FollowRequestsService } from './follow-requests.service';

/** Every route answers for the signed-in member's own requests and followers only. */
@Controller()
export class FollowRequestsController {
  constructor(private readonly requests: FollowRequestsService) {}

  @Authenticated()
  @Endpoint(followRequestEndpoints.list)
  list(@CurrentViewer() viewer: Viewer, @Query() query: FollowListParams): Promise<FollowRequestList> {
    return this.requests.list(viewer, query);
  }

  @Authenticated()
  @Endpoint(followRequestEndpoints.approveAll)
  approveAll(@CurrentViewer() viewer: Viewer): Promise<FollowRequestAnswer> {
    return this.requests.approveAll(viewer);
  }

  @Authenticated()
  @Endpoint(followRequestEndpoints.declineAll)
  declineAll(@CurrentViewer() viewer: Viewer): Promise<FollowRequestAnswer> {
    return this.requests.declineAll(viewer);
  }

  @Authenticated()
  @Endpoint(followRequestEndpoints.approve)
  approve(
    @CurrentViewer() viewer: Viewer,
    @Param('username') username: string,
  ): Promise<FollowRequestAnswer> {
    return this.requests.approve(viewer, username);
  }

  @Authenticated()
  @Endpoint(followRequestEndpoints.decline)
  decline(
    @CurrentViewer() viewer: Viewer,
    @Param('username') username: string,
  ): Promise<FollowRequestAnswer> {
    return this.requests.decline(viewer, username);
  }

  @Authenticated()
  @Endpoint(followRequestEndpoints.removeFollower)
  removeFollower(
    @CurrentViewer() viewer: Viewer,
    @Param('username') username: string,
  ): Promise<FollowRequestAnswer> {
    return this.requests.removeFollower(viewer, username);
  }
}
