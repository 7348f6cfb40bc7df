import type { LocationType, PostKind } from '@datebook/contracts';

export interface MediaLike {
  position: number;
  type: 'photo' | 'video';
  url: string | null;
}

/**
 * The cover of a post: its first photo (spec section 2: "the first photo is the cover", which the
 * create flow marks), else the item at the lowest position (spec section 3), else the first image
 * url. Null when there is nothing to show (the card then shows the placeholder photo).
 */
export function coverOf<M extends MediaLike>(
  media: readonly M[],
  imageUrls: readonly string[] = [],
): M | string | null {
  const sorted = [...media].sort((a, b) => a.position - b.position);
  return sorted.find((item) => item.type === 'photo') ?? sorted[0] ?? imageUrls[0] ?? null;
}

/** The card's type label. */
export function postTypeLabel(kind: PostKind): 'Activity' | 'Date' {
  return kind === 'activity' ? 'Activity' : 'Date';
}

/** The Location fact of an activity: its type, then the address a Site Specific one keeps. */
export function placeLabel(place: { locationType: LocationType; location: string | null }): string {
  return place.location ? `${place.locationType}: ${place.location}` : place.locationType;
}

/** The share link of a post (spec section 7, Other). */
export function postPath(kind: PostKind, id: string): string {
  return `/${kind}/${id}`;
}

export const UNKNOWN_USER = 'Unknown User';

/** The author line of a card: display name, else username, else 'Unknown User'. */
export function authorLabel(author: { displayName?: string | null; username?: string | null }): string {
  return author.displayName?.trim() || author.username?.trim() || UNKNOWN_USER;
}

/** Route ids are positive integers; anything else is the not-found page, never a query. */
export function parsePostId(value: string): string | null {
  return /^[1-9]\d{0,17}$/.test(value) ? value : null;
}
