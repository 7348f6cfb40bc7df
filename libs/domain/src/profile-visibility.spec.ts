import type { AccessType } from '@datebook/contracts';
import { profileAccess, visibleProfileDetails } from './profile-visibility';

const OWNER = 'owner-id';
const OTHER = 'other-id';

type Viewer = 'visitor' | 'member' | 'follower' | 'owner';
const viewers: Record<Viewer, { viewerId?: string; viewerFollows: boolean }> = {
  visitor: { viewerFollows: false },
  member: { viewerId: OTHER, viewerFollows: false },
  follower: { viewerId: OTHER, viewerFollows: true },
  owner: { viewerId: OWNER, viewerFollows: false },
};
const profiles: Record<string, { isPrivate: boolean; accessType: AccessType }> = {
  public: { isPrivate: false, accessType: 'standard' },
  private: { isPrivate: true, accessType: 'standard' },
  admin: { isPrivate: false, accessType: 'admin' },
  'private admin': { isPrivate: true, accessType: 'admin' },
};

describe('profileAccess', () => {
  it.each([
    ['visitor', 'public', { isSelf: false, hidden: false, visible: true }],
    ['member', 'public', { isSelf: false, hidden: false, visible: true }],
    ['follower', 'public', { isSelf: false, hidden: false, visible: true }],
    ['owner', 'public', { isSelf: true, hidden: false, visible: true }],
    ['visitor', 'private', { isSelf: false, hidden: false, visible: false }],
    ['member', 'private', { isSelf: false, hidden: false, visible: false }],
    ['follower', 'private', { isSelf: false, hidden: false, visible: true }],
    ['owner', 'private', { isSelf: true, hidden: false, visible: true }],
    ['visitor', 'admin', { isSelf: false, hidden: true, visible: false }],
    ['member', 'admin', { isSelf: false, hidden: true, visible: false }],
    ['follower', 'admin', { isSelf: false, hidden: true, visible: false }],
    ['owner', 'admin', { isSelf: true, hidden: false, visible: true }],
    ['owner', 'private admin', { isSelf: true, hidden: false, visible: true }],
  ] as const)('%s viewing a %s profile', (viewer, profile, expected) => {
    expect(profileAccess({ profileId: OWNER, ...profiles[profile]!, ...viewers[viewer] })).toEqual(expected);
  });

  it('never lets a visitor count as a follower', () => {
    expect(
      profileAccess({
        viewerId: null,
        viewerFollows: true,
        profileId: OWNER,
        isPrivate: true,
        accessType: 'standard',
      }).visible,
    ).toBe(false);
  });
});

describe('visibleProfileDetails', () => {
  const details = {
    location: 'Lisbon',
    showLocation: true,
    tags: ['hiking'],
    frequentTags: ['picnic'],
    showFrequentTags: true,
  };

  it('shows location and tags only when the profile is visible', () => {
    expect(visibleProfileDetails({ visible: true }, details)).toEqual({
      location: 'Lisbon',
      tags: ['hiking'],
      frequentTags: ['picnic'],
    });
    expect(visibleProfileDetails({ visible: false }, details)).toEqual({
      location: null,
      tags: null,
      frequentTags: null,
    });
  });

  it("honours the owner's ShowLocation and ShowFrequentTags toggles", () => {
    expect(
      visibleProfileDetails({ visible: true }, { ...details, showLocation: false, showFrequentTags: false }),
    ).toEqual({ location: null, tags: ['hiking'], frequentTags: null });
  });
});
