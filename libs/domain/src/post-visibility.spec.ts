import type { PostAccessInput } from './post-visibility';
import { canSeePost } from './post-visibility';

const AUTHOR = 'author';
const base: PostAccessInput = {
  viewerId: 'viewer',
  kind: 'activity',
  authorId: AUTHOR,
  authorIsPrivate: false,
  authorAccessType: 'standard',
  viewerFollowsAuthor: false,
};

describe('canSeePost', () => {
  it.each<[string, Partial<PostAccessInput>, boolean]>([
    ['a visitor sees a public author’s activity', { viewerId: undefined }, true],
    ['a visitor never sees a private author’s post', { viewerId: null, authorIsPrivate: true }, false],
    [
      'a visitor who "follows" is still a visitor',
      { viewerId: null, authorIsPrivate: true, viewerFollowsAuthor: true },
      false,
    ],
    ['a member sees a public author’s activity', {}, true],
    ['a stranger does not see a private author’s post', { authorIsPrivate: true }, false],
    ['a follower sees a private author’s post', { authorIsPrivate: true, viewerFollowsAuthor: true }, true],
    ['nobody else sees an admin’s post', { authorAccessType: 'admin', viewerFollowsAuthor: true }, false],
    ['an admin sees their own post', { authorAccessType: 'admin', viewerId: AUTHOR }, true],
    [
      'a non-public date is its owner’s only',
      { kind: 'date', visibilityPublic: false, viewerFollowsAuthor: true },
      false,
    ],
    [
      'the owner sees their non-public date',
      { kind: 'date', visibilityPublic: false, viewerId: AUTHOR },
      true,
    ],
    ['a public date is seen like its author', { kind: 'date', visibilityPublic: true }, true],
    ['a custom activity is never shown to others', { isCustom: true, viewerFollowsAuthor: true }, false],
    ['the owner sees their custom activity', { isCustom: true, viewerId: AUTHOR }, true],
    ['the owner sees their post on a private profile', { authorIsPrivate: true, viewerId: AUTHOR }, true],
    [
      'a private recap is seen by the people who planned it',
      { kind: 'date', visibilityPublic: false, viewerPlannedRecap: true },
      true,
    ],
    [
      'a recap of a private author is seen by a collaborator who does not follow them',
      { kind: 'date', visibilityPublic: false, authorIsPrivate: true, viewerPlannedRecap: true },
      true,
    ],
    ['a private recap is not seen by a stranger', { kind: 'date', visibilityPublic: false }, false],
    [
      'a visitor never counts as someone who planned it',
      { kind: 'date', visibilityPublic: false, viewerId: null, viewerPlannedRecap: true },
      false,
    ],
    [
      'an admin’s recap stays hidden even to the plan’s people',
      { kind: 'date', visibilityPublic: false, authorAccessType: 'admin', viewerPlannedRecap: true },
      false,
    ],
    [
      'the recap branch is for dates only',
      { kind: 'activity', isCustom: true, viewerPlannedRecap: true },
      false,
    ],
  ])('%s', (_name, change, expected) => {
    expect(canSeePost({ ...base, ...change })).toBe(expected);
  });
});
