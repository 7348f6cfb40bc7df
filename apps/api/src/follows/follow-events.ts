import { Injectable } from '@nestjs/common';
import type { AccessType } from '@datebook/contracts';
import { FollowRequestsRepository, type MemberRow } from '@datebook/db';
import { RealtimePublisher } from '@datebook/server';

/** The followed end of a follow, as the events need it. */
export interface FollowedMember {
  id: string;
  username: string;
  is_private: boolean;
  access_type: AccessType;
}

/**
 * The live side of following, called after the write has committed and only when something changed:
 * each event names a state that the database already holds.
 */
@Injectable()
export class FollowEvents {
  constructor(
    private readonly realtime: RealtimePublisher,
    private readonly requests: FollowRequestsRepository,
  ) {}

  /**
   * `follow.changed` to both ends. An admin is never shown as a follower, so the followed member is
   * not told about one; the follower's other tabs are skipped when the count is no longer theirs to
   * see (after leaving a private profile).
   */
  followChanged(
    follower: MemberRow,
    followed: FollowedMember,
    following: boolean,
    followerCount: number,
  ): void {
    const payload = {
      followerId: follower.id,
      followerUsername: follower.username,
      followingId: followed.id,
      following,
      followerCount,
    };
    if (follower.access_type === 'standard') {
      this.realtime.toUser(followed.id, 'follow.changed', payload);
    }
    if (following || !followed.is_private) {
      this.realtime.toUser(follower.id, 'follow.changed', payload);
    }
  }

  /** The member's pending requests changed: their request count, read after the change. */
  async requestsChanged(memberId: string): Promise<void> {
    const followRequestCount = await this.requests.count(memberId);
    this.realtime.toUser(memberId, 'follow.requests.changed', { followRequestCount });
  }

  /** Each approved requester's profile view opens, and both ends hear of the new follow. */
  approved(member: FollowedMember, requesters: MemberRow[], followerCount: number): void {
    for (const requester of requesters) {
      this.realtime.toUser(requester.id, 'follow.request.approved', {
        followingId: member.id,
        followingUsername: member.username,
      });
      this.followChanged(requester, member, true, followerCount);
    }
  }
}
