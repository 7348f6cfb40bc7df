import { Injectable } from '@nestjs/common';
import {
  isSiteSpecific,
  messages,
  postMessages,
  type ActivityDetail,
  type DateDetail,
  type PostKind,
  type PostList,
  type PostListParams,
} from '@datebook/contracts';
import { PostsRepository, ProfilesRepository } from '@datebook/db';
import { parsePostId, profileAccess } from '@datebook/domain';
import { ForbiddenError, NotFoundError, ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';
import { toPostCard } from './post-card';

/** Reading posts through the visibility policy. */
@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /** A post the viewer may not see is answered exactly like one that does not exist. */
  async getActivity(viewer: Viewer | undefined, rawId: string): Promise<ActivityDetail> {
    const viewerId = viewer?.sub ?? null;
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.posts.findActivity(viewerId, id);
    if (!row) {
      throw new NotFoundError(postMessages.notFound);
    }
    const connectedDates = await this.posts.connectedDates(viewerId, row.id);
    return {
      ...toPostCard('activity', row, this.storage),
      ...row.details,
      kind: 'activity',
      siteSpecific: isSiteSpecific(row.details.locationType),
      isOwner: row.user_id === viewerId,
      connectedDates: connectedDates.map((date) => toPostCard('date', date, this.storage)),
      youMightAlsoLike:
        connectedDates.length > 0
          ? []
          : (await this.posts.similarActivities(viewerId, row.id)).map((activity) =>
              toPostCard('activity', activity, this.storage),
            ),
    };
  }

  async getDate(viewer: Viewer | undefined, rawId: string): Promise<DateDetail> {
    const viewerId = viewer?.sub ?? null;
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.posts.findDate(viewerId, id);
    if (!row) {
      throw new NotFoundError(postMessages.notFound);
    }
    const activities = await this.posts.linkedActivities(viewerId, row.id);
    return {
      ...toPostCard('date', row, this.storage),
      ...row.details,
      kind: 'date',
      isOwner: row.user_id === viewerId,
      activities: activities.map((activity) => toPostCard('activity', activity, this.storage)),
    };
  }

  /** A profile's tab: what the profile policy shows (admins to nobody else), then the post policy. */
  async listByProfile(
    viewer: Viewer | undefined,
    kind: PostKind,
    username: string,
    params: PostListParams,
  ): Promise<PostList> {
    const target = await this.profiles.findAccessTarget(viewer?.sub ?? null, username);
    if (!target) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    const access = profileAccess({
      viewerId: viewer?.sub,
      profileId: target.id,
      isPrivate: target.is_private,
      accessType: target.access_type,
      viewerFollows: target.viewer_follows,
    });
    if (access.hidden) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    if (!access.visible) {
      throw new ForbiddenError(messages.empty.privateUser);
    }
    const after = pagePosition(params.cursor, postMessages.invalidCursor);
    const rows = await this.posts.listByAuthor(kind, viewer?.sub ?? null, target.id, {
      after,
      limit: params.limit,
    });
    return keysetPage(
      rows,
      params.limit,
      (row) => toPostCard(kind, row, this.storage),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.id }),
    );
  }
}
