import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  activityEndpoints,
  commentEndpoints,
  dateEndpoints,
  type Comment,
  type CommentList,
  type LikeState,
  type PostListParams,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer, OptionalViewer, Public } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { PostInteractionsService } from './post-interactions.service';

@Controller()
export class PostInteractionsController {
  constructor(private readonly interactions: PostInteractionsService) {}

  @Authenticated()
  @Endpoint(activityEndpoints.like)
  likeActivity(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<LikeState> {
    return this.interactions.like(viewer, 'activity', id);
  }

  @Authenticated()
  @Endpoint(activityEndpoints.unlike)
  unlikeActivity(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<LikeState> {
    return this.interactions.unlike(viewer, 'activity', id);
  }

  @Authenticated()
  @Endpoint(dateEndpoints.like)
  likeDate(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<LikeState> {
    return this.interactions.like(viewer, 'date', id);
  }

  @Authenticated()
  @Endpoint(dateEndpoints.unlike)
  unlikeDate(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<LikeState> {
    return this.interactions.unlike(viewer, 'date', id);
  }

  @Public()
  @Endpoint(activityEndpoints.comments)
  activityComments(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('id') id: string,
    @Query() query: PostListParams,
  ): Promise<CommentList> {
    return this.interactions.listComments(viewer, 'activity', id, query);
  }

  @Public()
  @Endpoint(dateEndpoints.comments)
  dateComments(
    @OptionalViewer() viewer: Viewer | undefined,
    @Param('id') id: string,
    @Query() query: PostListParams,
  ): Promise<CommentList> {
    return this.interactions.listComments(viewer, 'date', id, query);
  }

  @Authenticated()
  @RateLimit({ bucket: 'comments', limit: 60, windowSeconds: 600 })
  @Endpoint(activityEndpoints.comment)
  commentOnActivity(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: { body: string; clientId?: string },
  ): Promise<Comment> {
    return this.interactions.comment(viewer, 'activity', id, body.body, body.clientId);
  }

  @Authenticated()
  @RateLimit({ bucket: 'comments', limit: 60, windowSeconds: 600 })
  @Endpoint(dateEndpoints.comment)
  commentOnDate(
    @CurrentViewer() viewer: Viewer,
    @Param('id') id: string,
    @Body() body: { body: string; clientId?: string },
  ): Promise<Comment> {
    return this.interactions.comment(viewer, 'date', id, body.body, body.clientId);
  }

  @Authenticated()
  @Endpoint(commentEndpoints.remove)
  removeComment(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<{ deleted: true }> {
    return this.interactions.removeComment(viewer, id);
  }
}
