import type { PostCard, PostMediaItem } from '@datebook/contracts';

/*
 * SAMPLE DATA FOR THE ADMIN DESIGN PREVIEW ONLY. /admin/post-tests shows how each card size looks
 * with and without photos; these posts exist nowhere else and are never sent to or read from the api.
 */

/** A flat colour swatch drawn inline, so the preview needs no stored photo. */
function swatch(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function photo(id: string, position: number, colour: string): PostMediaItem {
  return {
    id,
    type: 'photo',
    status: 'ready',
    position,
    url: swatch(colour),
    posterUrl: null,
    sources: [],
    placeholder: null,
    thumbhash: null,
    width: 600,
    height: 600,
    durationMs: null,
    message: null,
  };
}

const processing: PostMediaItem = {
  ...photo('sample-processing', 0, '#ccc'),
  status: 'processing',
  url: null,
};

const base: PostCard = {
  id: 'sample',
  kind: 'activity',
  title: 'Sample: sunset picnic on the hill with a very long title that needs clamping to two lines',
  description:
    'Sample description. Pack a blanket, some cheese and a thermos, and walk up before golden hour. This text is long on purpose so the three-line clamp shows where it cuts off the rest of it.',
  author: { id: 'sample-author', username: 'sample_author', displayName: 'Sample Author', avatarUrl: null },
  media: [photo('sample-1', 0, '#f9a8d4'), photo('sample-2', 1, '#93c5fd'), photo('sample-3', 2, '#fcd34d')],
  tags: ['outdoors', 'sunset'],
  budget: '$',
  category: { slug: 'outdoors', name: 'Outdoors', icon: '🌄' },
  likeCount: 12,
  commentCount: 3,
  isLiked: true,
  isSaved: false,
  isCustom: false,
  visibilityPublic: true,
  dateOf: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const SAMPLE_POSTS = {
  withPhotos: base,
  date: {
    ...base,
    id: 'sample-date',
    kind: 'date',
    title: 'Sample: our first museum date',
    dateOf: '2026-03-05',
  },
  textOnly: { ...base, id: 'sample-text', title: 'Sample: a post with no photos', media: [] },
  processing: {
    ...base,
    id: 'sample-processing',
    title: 'Sample: photo still processing',
    media: [processing],
  },
} satisfies Record<string, PostCard>;
