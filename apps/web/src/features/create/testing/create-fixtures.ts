import { vi } from 'vitest';
import { POST_LIST_PAGE } from '@datebook/contracts';
import { signedInAs } from '@/testing/render-app';
import type { DraftStorage } from '../draft/draft-storage';
import { EMPTY_DRAFT, type DraftMedia, type PostDraft } from '../draft/post-draft';

/** The drafts "in IndexedDB", by member id; jsdom has no IndexedDB. */
export const storedDrafts = new Map<string, PostDraft>();

/** Stands in for the IndexedDB storage: `vi.mock('…/draft/draft-storage', …)` with this. */
export const memoryDraftStorage: DraftStorage = {
  read: (userId) => Promise.resolve(storedDrafts.get(userId)),
  write: (userId, draft) => Promise.resolve(void storedDrafts.set(userId, draft)),
  remove: (userId) => Promise.resolve(void storedDrafts.delete(userId)),
};

/**
 * A signed-in member with an id of their own: the app's draft store keeps the last member's draft
 * in memory, so each test signs in someone new rather than inherit the previous test's draft.
 */
export function newMember() {
  const id = crypto.randomUUID();
  return { id, session: signedInAs({ id, username: 'ada' }) };
}

export function photo(id: string): DraftMedia {
  return {
    id,
    type: 'photo',
    fileName: `${id}.png`,
    file: new File(['png'], `${id}.png`, { type: 'image/png' }),
    cropped: null,
  };
}

/** A date ready to publish: title, description and a photo. */
export function readyDate(overrides: Partial<PostDraft> = {}): PostDraft {
  return {
    ...EMPTY_DRAFT,
    kind: 'date',
    title: 'Sunset picnic',
    description: 'A blanket, cheese and a thermos.',
    media: [photo('p1')],
    ...overrides,
  };
}

/** jsdom makes no object URLs; the previews only need one to point at. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:draft');
  URL.revokeObjectURL = vi.fn();
}

/** The list of the member's own activities, as the web client asks for it (first page). */
export const ownActivitiesRoute = `GET /api/profiles/ada/activities?limit=${POST_LIST_PAGE.defaultLimit}`;
