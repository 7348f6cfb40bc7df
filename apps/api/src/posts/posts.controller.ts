import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  activityEndpoints,
  dateEndpoints,
  type ActivityDetail,
  type CreateActivity,
  type CreateDate,
  type DateDetail,
  type PostList,
  type PostListParams,
  type UpdateActivity,
  type UpdateDate,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer, OptionalViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { PostWritesService } from './post-writes.service';
import { PostsService } from './posts.service';

@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly writes: PostWritesService,
  ) {}

  // Generous for a member publishing an afternoon's ideas, not for a script.
  @Authenticated()
  @RateLimit({ bucket: 'posts-create', limit: 60, windowSeconds: 3600 })
  @Endpoint(activityEndpoints.create)
  createActivity(
    @CurrentViewer() viewer: Viewer,
    @Body() body: CreateActivity,
    @Req() request: FastifyRequest,
  ): Promise<ActivityDetail> {
    return this.writes.createActivity(viewer, body, request.id);
  }

  @Authenticated()
  @RateLimit({ bucket: 'posts-create', limit: 60, windowSeconds: 3600 })
  @Endpoint(dateEndpoints.create)
  createDate(
    @CurrentViewer() viewer: Viewer,
    @Body() body: CreateDate,
    @Req() request: FastifyRequest,
  ): Promise<DateDetail> {
    return this.writes.createDate(viewer, body, request.id);
  }

  @Public()
  @Endpoint(activityEndpoints.get)
  getActivity(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('id') id: string,
  ): Promise<ActivityDetail> {
    return this.posts.getActivity(viewer, id);
  }

  @Public()
  @Endpoint(dateEndpoints.get)
  getDate(@OptionalViewer() viewer: Viewer | undefined, @Param('id') id: string): Promise<DateDetail> {
    return this.posts.getDate(viewer, id);
  }

  @Authenticated()
  @Endpoint(activityEndpoints.update)
  updateActivity(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: UpdateActivity,
    @Req() request: FastifyRequest,
  ): Promise<ActivityDetail> {
    return this.writes.updateActivity(viewer, id, body, request.id);
  }

  @Authenticated()
  @Endpoint(dateEndpoints.update)
  updateDate(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: UpdateDate,
    @Req() request: FastifyRequest,
  ): Promise<DateDetail> {
    return this.writes.updateDate(viewer, id, body, request.id);
  }

  @Authenticated()
  @Endpoint(activityEndpoints.remove)
  removeActivity(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ deleted: true }> {
    return this.writes.remove(viewer, 'activity', id, request.id);
  }

  @Authenticated()
  @Endpoint(dateEndpoints.remove)
  removeDate(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ deleted: true }> {
    return this.writes.remove(viewer, 'date', id, request.id);
  }

  @Public()
  @Endpoint(activityEndpoints.ofProfile)
  profileActivities(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('username') username: string,
    @Query() query: PostListParams,
  ): Promise<PostList> {
    return this.posts.listByProfile(viewer, 'activity', username, query);
  }

  @Public()
  @Endpoint(dateEndpoints.ofProfile)
  profileDates(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('username') username: string,
    @Query() query: PostListParams,
  ): Promise<PostList> {
    return this.posts.listByProfile(viewer, 'date', username, query);
  }
}
