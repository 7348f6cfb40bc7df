import type { OwnProfile, Session as AuthSession } from '@datebook/contracts';

export const ADA_ID = '7f1c2d3e-0000-4000-8000-000000000001';

/** A session as the api returns it from sign-in. */
export function authSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    accessToken: 'access-token',
    tokenType: 'bearer',
    expiresIn: 900,
    expiresAt: Math.floor(Date.now() / 1000) + 900,
    aal: 'aal1',
    nextAal: 'aal1',
    user: {
      id: ADA_ID,
      email: 'ada@example.com',
      emailConfirmedAt: '2026-01-01T00:00:00.000Z',
      newEmail: null,
      username: 'ada',
      accessType: 'standard',
      factors: [],
    },
    ...overrides,
  };
}

export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: ADA_ID,
    username: 'ada',
    displayName: 'Ada',
    avatarUrl: null,
    bio: null,
    location: null,
    tags: [],
    frequentTags: [],
    isPrivate: false,
    accessType: 'standard',
    showLocation: true,
    showFrequentTags: true,
    followerCount: 0,
    followingCount: 0,
    followRequestCount: 0,
    ...overrides,
  };
}
