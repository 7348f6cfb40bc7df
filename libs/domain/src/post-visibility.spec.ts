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
  ])('%s', (_name, change, expected) => {
    expect(canSeePost({ ...base, ...change })).toBe(expected);
  });
});
