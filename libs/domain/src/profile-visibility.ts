import type { AccessType } from '@datebook/contracts';

export interface ProfileAccessInput {
  /** The signed-in viewer, or nothing for a visitor. */
  viewerId?: string | null;
  profileId: string;
  isPrivate: boolean;
  accessType: AccessType;
  /** Whether the viewer follows the profile; ignored for visitors, who follow nobody. */
  viewerFollows: boolean;
}

export interface ProfileAccess {
  isSelf: boolean;
  /**
   * Another member's admin profile: it must not be shown at all (the web redirects to /). Admins
   * are also left out of every follower/following list and count.
   */
  hidden: boolean;
  /** Posts, follower/following counts and lists, location and tags may be shown. */
  visible: boolean;
}

/**
 * The one visibility rule for profiles (spec section 6). An admin viewer gains nothing here: the
 * spec gives admins their tools page, not a view of other members' private details.
 */
export function profileAccess(input: ProfileAccessInput): ProfileAccess {
  const signedIn = input.viewerId !== undefined && input.viewerId !== null;
  const isSelf = signedIn && input.viewerId === input.profileId;
  const hidden = input.accessType === 'admin' && !isSelf;
  const visible = !hidden && (isSelf || !input.isPrivate || (signedIn && input.viewerFollows));
  return { isSelf, hidden, visible };
}

export interface ProfileDetails {
  location: string | null;
  showLocation: boolean;
  tags: string[];
  frequentTags: string[];
  showFrequentTags: boolean;
}

/**
 * What of a profile's optional details a viewer with `access` may see. The owner's ShowLocation and
 * ShowFrequentTags apply to everyone, the owner included, so the public page shows what others see.
 */
export function visibleProfileDetails(
  access: Pick<ProfileAccess, 'visible'>,
  details: ProfileDetails,
): { location: string | null; tags: string[] | null; frequentTags: string[] | null } {
  return {
    location: access.visible && details.showLocation ? details.location : null,
    tags: access.visible ? details.tags : null,
    frequentTags: access.visible && details.showFrequentTags ? details.frequentTags : null,
  };
}
