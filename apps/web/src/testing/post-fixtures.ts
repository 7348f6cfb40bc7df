import type { ActivityDetail, DateDetail, PostCard, PostMediaItem } from '@datebook/contracts';

/** A processed photo, as a card or a post page gets it. */
export const readyPhoto: PostMediaItem = {
  id: '11',
  type: 'photo',
  status: 'ready',
  position: 0,
  url: 'https://media.example/picnic-640.jpg',
  posterUrl: null,
  sources: [],
  placeholder: null,
  thumbhash: null,
  width: 640,
  height: 640,
  durationMs: null,
  message: null,
};

/** A post's card as the api lists it, by a public author, with one processed photo. */
export function postCard(overrides: Partial<PostCard> = {}): PostCard {
  return {
    id: '1',
    kind: 'activity',
    title: 'Sunset picnic',
    description: 'A blanket, cheese and a thermos.',
    author: {
      id: '7f1c2d3e-0000-4000-8000-000000000003',
      username: 'cleo',
      displayName: 'Cleo',
      avatarUrl: null,
    },
    media: [readyPhoto],
    tags: ['picnic'],
    budget: '$',
    category: null,
    likeCount: 2,
    commentCount: 1,
    isLiked: false,
    isSaved: false,
    isCustom: false,
    visibilityPublic: true,
    dateOf: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An activity as its page and popup load it. */
export function activityDetail(overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    ...postCard(),
    kind: 'activity',
    mood: null,
    timeRequired: null,
    locationType: 'Anywhere',
    location: null,
    siteSpecific: false,
    equipment: [],
    isOwner: false,
    connectedDates: [],
    youMightAlsoLike: [],
    ...overrides,
  };
}

/** A date as its page and popup load it. */
export function dateDetail(overrides: Partial<DateDetail> = {}): DateDetail {
  return {
    ...postCard({ id: '5', kind: 'date', title: 'Museum night' }),
    kind: 'date',
    allowComments: true,
    isPlanRecap: false,
    isOwner: false,
    activities: [],
    ...overrides,
  };
}
