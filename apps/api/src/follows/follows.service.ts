import { Injectable } from '@nestjs/common';
import {
  FOLLOW_REQUEST_LIMIT,
  messages,
  profileMessages,
  type FollowList,
  type FollowListParams,
  type FollowState,
} from '@datebook/contracts';
import {
  FollowRequestsRepository,
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
  RateLimitedError,
  RateLimiter,
  UnauthenticatedError,
  ValidationError,
} from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';
import { FollowEvents } from './follow-events';

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

const REQUESTED: FollowState = { following: false, requested: true, followerCount: null };
const NOTHING: FollowState = { following: false, requested: false, followerCount: null };

/** A member's follow of a private profile they do not follow yet waits for its owner's approval. */
const needsApproval = (me: MemberRow, target: ProfileAccessRow): boolean =>
  target.is_private && !target.viewer_follows && me.access_type === 'standard';

/** Following and unfollowing members, and the follower/following lists of a profile. */
@Injectable()
export class FollowsService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly follows: FollowsRepository,
    private readonly requests: FollowRequestsRepository,
    private readonly events: FollowEvents,
    private readonly limiter: RateLimiter,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * A private profile's lists are for its owner and followers; another member's admin profile has
   * none, and answers like a name nobody has.
   */
  async list(
    viewer: Viewer | undefined,
    direction: FollowDirection,
    username: string,
    params: FollowListParams,
  ): Promise<FollowList> {
    const target = await this.findTarget(viewer, username);
    const access = accessFor(viewer?.sub, target, target.viewer_follows);
    if (access.hidden) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    if (!access.visible) {
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

  /**
   * A public member is followed at once; a private one is asked (a request, counted against the
   * requester's hourly allowance only when a new one is written). An admin's follow stays immediate:
   * admins are never listed nor counted, so a request would show a profile that is hidden to members.
   */
  async follow(viewer: Viewer, username: string): Promise<FollowState> {
    const { me, target } = await this.followTarget(viewer, username);
    if (!needsApproval(me, target)) {
      return this.settle(me, target, true, await this.follows.follow(me.id, target.id));
    }
    if (target.viewer_requested) {
      return REQUESTED;
    }
    await this.admitRequest(me);
    if (await this.requests.create(me.id, target.id)) {
      await this.events.requestsChanged(target.id);
      return REQUESTED;
    }
    // Between the read and the write the member answered, or turned public: act on what holds now.
    const now = await this.findTarget(viewer, username);
    if (needsApproval(me, now)) {
      return now.viewer_requested ? REQUESTED : NOTHING;
    }
    return this.settle(me, now, true, await this.follows.follow(me.id, now.id));
  }

  /** Unfollows, or withdraws a pending request; either way the viewer ends with neither. */
  async unfollow(viewer: Viewer, username: string): Promise<FollowState> {
    const { me, target } = await this.followTarget(viewer, username);
    if (await this.requests.remove(me.id, target.id)) {
      await this.events.requestsChanged(target.id);
    }
    const changed = await this.follows.unfollow(viewer.sub, target.id);
    return this.settle(me, target, false, changed);
  }

  private async admitRequest(me: MemberRow): Promise<void> {
    const verdict = await this.limiter.hit('follow-requests', me.id, {
      limit: FOLLOW_REQUEST_LIMIT.perHour,
      windowSeconds: 3600,
    });
    if (!verdict.allowed) {
      throw new RateLimitedError(verdict.retryAfterSeconds);
    }
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
   * profile loses that right.
   */
  private async settle(
    me: MemberRow,
    target: ProfileAccessRow,
    following: boolean,
    changed: boolean,
  ): Promise<FollowState> {
    const followerCount = await this.follows.countFollowers(target.id);
    if (changed) {
      this.events.followChanged(me, target, following, followerCount);
    }
    const countVisible = accessFor(me.id, target, following).visible;
    return { following, requested: false, followerCount: countVisible ? followerCount : null };
  }
}
