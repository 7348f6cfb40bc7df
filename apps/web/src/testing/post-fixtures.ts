import type { PostCard } from '@datebook/contracts';

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
    media: [
      {
        id: '11',
        type: 'photo',
        status: 'ready',
        position: 0,
        url: 'https://media.example/picnic-640.jpg',
        posterUrl: null,
        placeholder: null,
        width: 640,
        height: 640,
        durationMs: null,
        message: null,
      },
    ],
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
