import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { messages, type OwnProfile, type Profile, type UpdateProfile } from '@datebook/contracts';
import {
  FollowRequestsRepository,
  FollowsRepository,
  OutboxRepository,
  ProfilesRepository,
  type MemberRow,
  type OwnProfileRow,
} from '@datebook/db';
import { profileAccess, visibleProfileDetails } from '@datebook/domain';
import { ConflictError, isUniqueViolation, NotFoundError, ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { FollowEvents } from '../follows/follow-events';

/** The profile fields search copies: editing any other one raises no `profile.changed`. */
const SEARCHED_FIELDS: ReadonlyArray<keyof UpdateProfile> = ['displayName', 'bio'];

/**
 * Public profiles as the viewer may see them, and the member's own profile and settings. A change
 * that search shows or filters on (names, bio, privacy) writes `profile.changed` in its transaction.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfilesRepository,
    private readonly outbox: OutboxRepository,
    private readonly follows: FollowsRepository,
    private readonly requests: FollowRequestsRepository,
    private readonly followEvents: FollowEvents,
    private readonly storage: ObjectStorage,
  ) {}

  async get(viewer: Viewer | undefined, username: string): Promise<Profile> {
    const row = await this.profiles.findByUsername(viewer?.sub ?? null, username);
    if (!row) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    const access = profileAccess({
      viewerId: viewer?.sub,
      profileId: row.id,
      isPrivate: row.is_private,
      accessType: row.access_type,
      viewerFollows: row.viewer_follows,
    });
    // Another member's admin profile answers exactly as a name nobody has, so it tells no stranger
    // that the account exists, let alone that it is an admin.
    if (access.hidden) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    return {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      avatarUrl: this.storage.readUrl(row.avatar_key),
      bio: row.bio,
      isPrivate: row.is_private,
      accessType: row.access_type,
      visible: access.visible,
      followerCount: access.visible ? row.follower_count : null,
      followingCount: access.visible ? row.following_count : null,
      ...visibleProfileDetails(access, {
        location: row.location,
        showLocation: row.show_location,
        tags: row.tags,
        frequentTags: row.frequent_tags,
        showFrequentTags: row.show_frequent_tags,
      }),
      relationship: {
        isSelf: access.isSelf,
        isFollowing: row.viewer_follows,
        followsYou: row.follows_viewer,
        requested: row.viewer_requested,
      },
    };
  }

  async getOwn(viewer: Viewer): Promise<OwnProfile> {
    const row = await this.profiles.findOwn(viewer.sub);
    if (!row) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    return toOwnProfile(row, this.storage);
  }

  async updateOwn(viewer: Viewer, changes: UpdateProfile, correlationId?: string): Promise<OwnProfile> {
    const searched = SEARCHED_FIELDS.some((field) => changes[field] !== undefined);
    await this.dataSource.transaction(async (tx) => {
      await this.profiles.in(tx).updateOwn(viewer.sub, changes);
      if (searched) {
        await this.announce(tx, viewer, correlationId);
      }
    });
    return this.getOwn(viewer);
  }

  async changeUsername(viewer: Viewer, username: string, correlationId?: string): Promise<OwnProfile> {
    try {
      await this.dataSource.transaction(async (tx) => {
        await this.profiles.in(tx).changeUsername(viewer.sub, username);
        await this.announce(tx, viewer, correlationId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.account.usernameTaken, 'username');
      }
      throw error;
    }
    return this.getOwn(viewer);
  }

  /**
   * Turning private keeps every follower. Turning public approves every pending request in the same
   * transaction: a public profile has no one left to approve, and a request written meanwhile waits
   * on the profile row (FollowRequestsRepository.create) and then finds it public.
   */
  async setPrivacy(viewer: Viewer, isPrivate: boolean, correlationId?: string): Promise<OwnProfile> {
    const approved = await this.dataSource.transaction(async (tx): Promise<MemberRow[]> => {
      await this.profiles.in(tx).setPrivacy(viewer.sub, isPrivate);
      await this.announce(tx, viewer, correlationId);
      return isPrivate ? [] : this.requests.in(tx).approve(viewer.sub, null);
    });
    const own = await this.getOwn(viewer);
    if (approved.length > 0) {
      const member = { id: own.id, username: own.username, is_private: false, access_type: own.accessType };
      this.followEvents.approved(member, approved, await this.follows.countFollowers(own.id));
      await this.followEvents.requestsChanged(own.id);
    }
    return own;
  }

  private async announce(
    tx: EntityManager,
    viewer: Viewer,
    correlationId: string | undefined,
  ): Promise<void> {
    await this.outbox.in(tx).add('profile.changed', { profileId: viewer.sub }, correlationId);
  }
}

function toOwnProfile(row: OwnProfileRow, storage: ObjectStorage): OwnProfile {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: storage.readUrl(row.avatar_key),
    bio: row.bio,
    location: row.location,
    tags: row.tags,
    frequentTags: row.frequent_tags,
    isPrivate: row.is_private,
    accessType: row.access_type,
    showLocation: row.show_location,
    showFrequentTags: row.show_frequent_tags,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    followRequestCount: row.follow_request_count,
  };
}
