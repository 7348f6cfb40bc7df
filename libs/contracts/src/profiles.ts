import { z } from 'zod';
import { usernameSchema } from './auth';
import { ACCESS_TYPES } from './constants';
import { defineEndpoint } from './endpoint';
import { lineText, paragraphText } from './primitives';

export const PROFILE_LIMITS = { displayName: 50, bio: 300, location: 100 } as const;
export const FOLLOW_LIST_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;
/** How many follow requests one member may send in an hour (a stranger cannot flood a list). */
export const FOLLOW_REQUEST_LIMIT = { perHour: 30 } as const;

/** Texts of the profile rules that the spec leaves unworded. */
export const profileMessages = {
  displayNameTooLong: `Display name must be ${PROFILE_LIMITS.displayName} characters or less`,
  bioTooLong: `Bio must be ${PROFILE_LIMITS.bio} characters or less`,
  locationTooLong: `Location must be ${PROFILE_LIMITS.location} characters or less`,
  cannotFollowSelf: 'You cannot follow yourself.',
  requestNotPending: 'This follow request is no longer pending.',
  notAFollower: 'This member does not follow you.',
  invalidCursor: 'This list has changed. Please reload it.',
} as const;

/** The follow controls' words, one set for the profile, search, Explore and the account page. */
export const followLabels = {
  follow: 'Follow',
  following: 'Following',
  requested: 'Requested',
  followRequests: 'Follow requests',
  approve: 'Approve',
  decline: 'Decline',
  approveAll: 'Approve all',
  declineAll: 'Decline all',
  removeFollower: 'Remove',
  removeFollowerTitle: 'Remove follower?',
  removeFollowerMessage: (username: string) => `@${username} will no longer follow you. They are not told.`,
  noRequests: 'No follow requests',
} as const;

/** A blank field is cleared rather than stored as an empty string. */
const optionalText = (text: z.ZodString, max: number, message: string) =>
  text
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const profileRelationshipSchema = z.object({
  isSelf: z.boolean(),
  /** The viewer follows this profile. */
  isFollowing: z.boolean(),
  /** This profile follows the viewer. */
  followsYou: z.boolean(),
  /** The viewer asked to follow this private profile and waits for its owner's approval. */
  requested: z.boolean(),
});
export type ProfileRelationship = z.infer<typeof profileRelationshipSchema>;

/**
 * A profile as the viewer may see it. Names, avatar and bio are always shown; `visible` says
 * whether the rest is (a private profile shows it to its owner and followers only), and the fields
 * behind it are null when not.
 */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  isPrivate: z.boolean(),
  accessType: z.enum(ACCESS_TYPES),
  visible: z.boolean(),
  followerCount: z.number().int().nullable(),
  followingCount: z.number().int().nullable(),
  /** Also null when the owner turned ShowLocation off. */
  location: z.string().nullable(),
  tags: z.array(z.string()).nullable(),
  /** Also null when the owner turned ShowFrequentTags off. */
  frequentTags: z.array(z.string()).nullable(),
  relationship: profileRelationshipSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in member's own profile, every field and toggle included. */
export const ownProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  frequentTags: z.array(z.string()),
  isPrivate: z.boolean(),
  accessType: z.enum(ACCESS_TYPES),
  showLocation: z.boolean(),
  showFrequentTags: z.boolean(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** Follow requests waiting for this member's answer (only a private profile gets new ones). */
  followRequestCount: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** Edit Profile saves only these four (spec section 5); any other key is dropped. */
export const updateProfileRequestSchema = z.object({
  displayName: optionalText(lineText(), PROFILE_LIMITS.displayName, profileMessages.displayNameTooLong),
  bio: optionalText(paragraphText(), PROFILE_LIMITS.bio, profileMessages.bioTooLong),
  location: optionalText(lineText(), PROFILE_LIMITS.location, profileMessages.locationTooLong),
  showLocation: z.boolean().optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type UpdateProfile = z.output<typeof updateProfileRequestSchema>;

export const changeUsernameRequestSchema = z.object({ username: usernameSchema });
export type ChangeUsernameRequest = z.input<typeof changeUsernameRequestSchema>;

/** The settings' 'Public profile' toggle sends the opposite of its own state. */
export const setPrivacyRequestSchema = z.object({ isPrivate: z.boolean() });
export type SetPrivacyRequest = z.input<typeof setPrivacyRequestSchema>;

export const followListQuerySchema = z.object({
  /** Opaque: the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,120}$/, profileMessages.invalidCursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(FOLLOW_LIST_PAGE.maxLimit).default(FOLLOW_LIST_PAGE.defaultLimit),
});
export type FollowListQuery = z.input<typeof followListQuerySchema>;
export type FollowListParams = z.output<typeof followListQuerySchema>;

export const followListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The viewer follows this member (always false for a visitor). */
  isFollowing: z.boolean(),
});
export type FollowListItem = z.infer<typeof followListItemSchema>;

export const followListSchema = z.object({
  items: z.array(followListItemSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type FollowList = z.infer<typeof followListSchema>;

export const followStateSchema = z.object({
  /** An accepted follow: the viewer sees what a follower sees. */
  following: z.boolean(),
  /** A request to a private member, waiting for their approval: it shows nothing yet. */
  requested: z.boolean(),
  /**
   * The followed profile's follower count, admins excluded; null when the viewer may no longer see
   * it (after unfollowing a private profile).
   */
  followerCount: z.number().int().nullable(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** A member waiting for the signed-in (private) member's approval. */
export const followRequestSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  requestedAt: z.string(),
});
export type FollowRequest = z.infer<typeof followRequestSchema>;

/** Pending requests, newest first. */
export const followRequestListSchema = z.object({
  items: z.array(followRequestSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** All pending requests, across pages. */
  total: z.number().int(),
});
export type FollowRequestList = z.infer<typeof followRequestListSchema>;

/** After an answer to one request or to all: the member's counts as they now are. */
export const followRequestAnswerSchema = z.object({
  followRequestCount: z.number().int(),
  followerCount: z.number().int(),
});
export type FollowRequestAnswer = z.infer<typeof followRequestAnswerSchema>;

export const profileEndpoints = {
  getOwn: defineEndpoint({
    method: 'GET',
    path: '/profiles/me',
    tag: 'profiles',
    summary: "The signed-in member's own profile, with every field and toggle.",
    response: ownProfileSchema,
  }),
  updateOwn: defineEndpoint({
    method: 'PATCH',
    path: '/profiles/me',
    tag: 'profiles',
    summary: 'Edit Profile: display name, bio, location and ShowLocation only.',
    body: updateProfileRequestSchema,
    response: ownProfileSchema,
  }),
  changeUsername: defineEndpoint({
    method: 'PUT',
    path: '/profiles/me/username',
    tag: 'profiles',
    summary: 'Change the username (case-insensitively unique; unchanged is a no-op).',
    body: changeUsernameRequestSchema,
    response: ownProfileSchema,
  }),
  setPrivacy: defineEndpoint({
    method: 'PUT',
    path: '/profiles/me/privacy',
    tag: 'profiles',
    summary: 'Make the profile private or public.',
    body: setPrivacyRequestSchema,
    response: ownProfileSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username',
    tag: 'profiles',
    summary:
      "A profile by username (any case), as the viewer may see it; another member's admin profile is 403.",
    response: profileSchema,
  }),
};

export const followEndpoints = {
  followers: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username/followers',
    tag: 'follows',
    summary:
      "Who follows a profile, newest first (admins never listed; a private profile's list is 403 to strangers).",
    query: followListQuerySchema,
    response: followListSchema,
  }),
  following: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username/following',
    tag: 'follows',
    summary:
      "Whom a profile follows, newest first (admins never listed; a private profile's list is 403 to strangers).",
    query: followListQuerySchema,
    response: followListSchema,
  }),
  follow: defineEndpoint({
    method: 'PUT',
    path: '/follows/:username',
    tag: 'follows',
    summary:
      'Follow a public member, or ask a private one (a request, shown as Requested until approved); again changes nothing.',
    response: followStateSchema,
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/follows/:username',
    tag: 'follows',
    summary: 'Unfollow a member, or withdraw a pending request; again changes nothing.',
    response: followStateSchema,
  }),
};

/**
 * The private member's side: answering requests and removing followers. An answer is a 200, not a
 * 201: it creates nothing the client would address.
 */
export const followRequestEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/follow-requests',
    tag: 'follows',
    summary: "The signed-in member's pending follow requests, newest first, with their total.",
    query: followListQuerySchema,
    response: followRequestListSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/follow-requests/:username/approve',
    status: 200,
    tag: 'follows',
    summary: 'Approve one request: the requester becomes a follower (409 when it is no longer pending).',
    response: followRequestAnswerSchema,
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/follow-requests/:username/decline',
    status: 200,
    tag: 'follows',
    summary: 'Decline one request; the requester is not told and may ask again.',
    response: followRequestAnswerSchema,
  }),
  approveAll: defineEndpoint({
    method: 'POST',
    path: '/follow-requests/approve-all',
    status: 200,
    tag: 'follows',
    summary: 'Approve every pending request.',
    response: followRequestAnswerSchema,
  }),
  declineAll: defineEndpoint({
    method: 'POST',
    path: '/follow-requests/decline-all',
    status: 200,
    tag: 'follows',
    summary: 'Decline every pending request.',
    response: followRequestAnswerSchema,
  }),
  removeFollower: defineEndpoint({
    method: 'DELETE',
    path: '/followers/:username',
    tag: 'follows',
    summary: 'Remove a member from the signed-in member’s followers (they are not told).',
    response: followRequestAnswerSchema,
  }),
};
