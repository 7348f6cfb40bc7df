import { Injectable } from '@nestjs/common';
import {
  messages,
  profileMessages,
  type FollowListParams,
  type FollowRequestAnswer,
  type FollowRequestList,
} from '@datebook/contracts';
import {
  FollowRequestsRepository,
  FollowsRepository,
  ProfilesRepository,
  type MemberRow,
} from '@datebook/db';
import { ConflictError, NotFoundError, ObjectStorage, UnauthenticatedError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';
import { FollowEvents, type FollowedMember } from './follow-events';

/**
 * The private member's side of following: their pending requests, answered one by one or all at
 * once, and their followers, any of whom they may remove. A declined or removed member is not told.
 */
@Injectable()
export class FollowRequestsService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly follows: FollowsRepository,
    private readonly requests: FollowRequestsRepository,
    private readonly events: FollowEvents,
    private readonly storage: ObjectStorage,
  ) {}

  async list(viewer: Viewer, params: FollowListParams): Promise<FollowRequestList> {
    const after = pagePosition(params.cursor, profileMessages.invalidCursor);
    const [rows, total] = await Promise.all([
      this.requests.listPage(viewer.sub, { after, limit: params.limit }),
      this.requests.count(viewer.sub),
    ]);
    const page = keysetPage(
      rows,
      params.limit,
      (row) => ({
        id: row.id,
        username: row.username,
        displayName: row.display_name,
        avatarUrl: this.storage.readUrl(row.avatar_key),
        requestedAt: row.created_at.toISOString(),
      }),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.request_id }),
    );
    return { ...page, total };
  }

  /** A request withdrawn, declined or approved meanwhile (another tab) is a 409, never a half-done follow. */
  async approve(viewer: Viewer, username: string): Promise<FollowRequestAnswer> {
    const [me, requester] = await Promise.all([this.member(viewer), this.requester(viewer, username)]);
    const approved = await this.requests.approve(me.id, requester.id);
    if (approved.length === 0) {
      throw new ConflictError(profileMessages.requestNotPending);
    }
    return this.afterApproval(me, approved);
  }

  async approveAll(viewer: Viewer): Promise<FollowRequestAnswer> {
    const me = await this.member(viewer);
    return this.afterApproval(me, await this.requests.approve(me.id, null));
  }

  async decline(viewer: Viewer, username: string): Promise<FollowRequestAnswer> {
    const requester = await this.requester(viewer, username);
    if (!(await this.requests.remove(requester.id, viewer.sub))) {
      throw new ConflictError(profileMessages.requestNotPending);
    }
    await this.events.requestsChanged(viewer.sub);
    return this.answer(viewer.sub);
  }

  async declineAll(viewer: Viewer): Promise<FollowRequestAnswer> {
    if ((await this.requests.removeAll(viewer.sub)).length > 0) {
      await this.events.requestsChanged(viewer.sub);
    }
    return this.answer(viewer.sub);
  }

  /** 404 like any other missing row the member names: this member's follow of them does not exist. */
  async removeFollower(viewer: Viewer, username: string): Promise<FollowRequestAnswer> {
    const [me, follower] = await Promise.all([this.member(viewer), this.requester(viewer, username)]);
    if (!(await this.follows.unfollow(follower.id, me.id))) {
      throw new NotFoundError(profileMessages.notAFollower);
    }
    const answer = await this.answer(me.id);
    const formerFollower = await this.profiles.findMember(follower.id);
    if (formerFollower) {
      this.events.followChanged(formerFollower, me, false, answer.followerCount);
    }
    return answer;
  }

  /** Live events go out after the approving statement has committed, and only for requests it moved. */
  private async afterApproval(me: FollowedMember, approved: MemberRow[]): Promise<FollowRequestAnswer> {
    const answer = await this.answer(me.id);
    if (approved.length > 0) {
      this.events.approved(me, approved, answer.followerCount);
      await this.events.requestsChanged(me.id);
    }
    return answer;
  }

  private async answer(memberId: string): Promise<FollowRequestAnswer> {
    const [followRequestCount, followerCount] = await Promise.all([
      this.requests.count(memberId),
      this.follows.countFollowers(memberId),
    ]);
    return { followRequestCount, followerCount };
  }

  private async member(viewer: Viewer): Promise<FollowedMember> {
    const own = await this.profiles.findOwn(viewer.sub);
    if (!own) {
      throw new UnauthenticatedError();
    }
    return own;
  }

  private async requester(viewer: Viewer, username: string): Promise<{ id: string }> {
    const target = await this.profiles.findAccessTarget(viewer.sub, username);
    if (!target) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    return target;
  }
}
