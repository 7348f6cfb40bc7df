import { Injectable } from '@nestjs/common';
import {
  messages,
  profileMessages,
  type FollowList,
  type FollowListParams,
  type FollowState,
} from '@datebook/contracts';
import {
  FollowsRepository,
  ProfilesRepository,
  type FollowDirection,
  type MemberRow,
  type ProfileAccessRow,
} from '@datebook/db';
import { profileAccess, type ProfileAccess } from '@datebook/domain';
import {
  ForbiddenError,
  NotFoundError,
  ObjectStorage,
  RealtimePublisher,
  UnauthenticatedError,
  ValidationError,
} from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';

const accessFor = (
  viewerId: string | undefined,
  target: ProfileAccessRow,
  viewerFollows: boolean,
): ProfileAccess =>
  profileAccess({
    viewerId,
    profileId: target.id,
    isPrivate: target.is_private,
    accessType: target.access_type,
    viewerFollows,
  });

/** Following and unfollowing members, and the follower/following lists of a profile. */
@Injectable()
export class FollowsService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly follows: FollowsRepository,
    private readonly realtime: RealtimePublisher,
    private readonly storage: ObjectStorage,
  ) {}

  /** A private profile's lists are for its owner and followers; another member's admin profile has none. */
  async list(
    viewer: Viewer | undefined,
    direction: FollowDirection,
    username: string,
    params: FollowListParams,
  ): Promise<FollowList> {
    const target = await this.findTarget(viewer, username);
    if (!accessFor(viewer?.sub, target, target.viewer_follows).visible) {
      throw new ForbiddenError();
    }
    const after = pagePosition(params.cursor, profileMessages.invalidCursor);
    const rows = await this.follows.listPage(direction, viewer?.sub ?? null, target.id, {
      after,
      limit: params.limit,
    });
    return keysetPage(
      rows,
      params.limit,
      (row) => ({
        id: row.id,
        username: row.username,
        displayName: row.display_name,
        avatarUrl: this.storage.readUrl(row.avatar_key),
        isFollowing: row.is_following,
      }),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.follow_id }),
    );
  }

  async follow(viewer: Viewer, username: string): Promise<FollowState> {
    const { me, target } = await this.followTarget(viewer, username);
    const changed = await this.follows.follow(viewer.sub, target.id);
    return this.settle(me, target, true, changed);
  }

  async unfollow(viewer: Viewer, username: string): Promise<FollowState> {
    const { me, target } = await this.followTarget(viewer, username);
    const changed = await this.follows.unfollow(viewer.sub, target.id);
    return this.settle(me, target, false, changed);
  }

  private async findTarget(viewer: Viewer | undefined, username: string): Promise<ProfileAccessRow> {
    const target = await this.profiles.findAccessTarget(viewer?.sub ?? null, username);
    if (!target) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    return target;
  }

  /** Admins cannot be followed: to everyone else their profile does not exist. */
  private async followTarget(
    viewer: Viewer,
    username: string,
  ): Promise<{ me: MemberRow; target: ProfileAccessRow }> {
    const [me, target] = await Promise.all([
      this.profiles.findMember(viewer.sub),
      this.findTarget(viewer, username),
    ]);
    if (!me) {
      throw new UnauthenticatedError();
    }
    const access = accessFor(viewer.sub, target, target.viewer_follows);
    if (access.isSelf) {
      throw new ValidationError([{ path: 'username', message: profileMessages.cannotFollowSelf }]);
    }
    if (access.hidden) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    return { me, target };
  }

  /**
   * The count answers only a viewer allowed to see it after the change: unfollowing a private
   * profile loses that right. The live event goes out after the write has committed, and only when
   * something changed.
   */
  private async settle(
    me: MemberRow,
    target: ProfileAccessRow,
    following: boolean,
    changed: boolean,
  ): Promise<FollowState> {
    const followerCount = await this.follows.countFollowers(target.id);
    const countVisible = accessFor(me.id, target, following).visible;
    if (changed) {
      const payload = {
        followerId: me.id,
        followerUsername: me.username,
        followingId: target.id,
        following,
        followerCount,
      };
      // An admin is never shown as a follower, so the followed member is not told about one.
      if (me.access_type === 'standard') {
        this.realtime.toUser(target.id, 'follow.changed', payload);
      }
      // The follower's other tabs; skipped when the count is no longer theirs to see.
      if (countVisible) {
        this.realtime.toUser(me.id, 'follow.changed', payload);
      }
    }
    return { following, followerCount: countVisible ? followerCount : null };
  }
}
