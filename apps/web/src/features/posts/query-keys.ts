import type { PostKind } from '@datebook/contracts';

/** Cache keys of posts; `all` prefixes every one, so an edit or delete can refresh them together. */
export const postKeys = {
  all: ['posts'] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (kind: PostKind, id: string) => [...postKeys.details(), kind, id] as const,
  comments: (kind: PostKind, id: string) => [...postKeys.all, 'comments', kind, id] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  profileList: (kind: PostKind, username: string) =>
    [...postKeys.lists(), kind, username.toLowerCase()] as const,
};
