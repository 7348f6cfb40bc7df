import { z } from 'zod';
import { BUDGETS, LOCATION_TYPES, MEDIA_TYPES, TITLE_MAX_LENGTH, type LocationType } from '../constants';
import { messages } from '../messages';
import { bigintId, calendarDate, int4, int4Id, lineText, paragraphText } from '../primitives';
import { POST_LIMITS, postMessages } from './constants';

/* The fields a post's requests share; the requests in ./requests put them together. */

/**
 * Chips typed into the form (tags, equipment): trimmed, empties dropped, and, when `unique`,
 * case-insensitive duplicates dropped keeping the first spelling. The form and the api agree.
 */
export function chipList(items: readonly string[], options: { unique: boolean }): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (item === '' || (options.unique && seen.has(key))) {
      continue;
    }
    seen.add(key);
    out.push(item);
  }
  return out;
}

const chips = (options: { unique: boolean; max: number; tooMany: string }) =>
  z
    .array(lineText().max(POST_LIMITS.chip * 4, postMessages.chipTooLong))
    .transform((items) => chipList(items, options))
    .pipe(
      z.array(z.string().max(POST_LIMITS.chip, postMessages.chipTooLong)).max(options.max, options.tooMany),
    );
export const tagsSchema = chips({ unique: true, max: POST_LIMITS.tags, tooMany: postMessages.tooManyTags });
export const equipmentSchema = chips({
  unique: false,
  max: POST_LIMITS.equipment,
  tooMany: postMessages.tooManyEquipment,
});

export const titleSchema = lineText({ error: messages.posts.titleRequired })
  .min(1, messages.posts.titleRequired)
  .max(TITLE_MAX_LENGTH, messages.posts.titleTooLong);
export const descriptionSchema = paragraphText({ error: messages.posts.descriptionRequired })
  .min(1, messages.posts.descriptionRequired)
  .max(POST_LIMITS.description, postMessages.descriptionTooLong);
export const locationSchema = lineText().max(POST_LIMITS.location, postMessages.locationTooLong);
export const budgetSchema = z.enum(BUDGETS, { error: messages.posts.budgetRequired });
export const categoryIdSchema = int4Id(messages.posts.categoryRequired);
export const postIdSchema = bigintId(postMessages.connectedActivityNotFound);
export const calendarDateSchema = calendarDate(postMessages.invalidDate);

/** A finished upload and where it goes; position 0 is the cover (photos) or the main video. */
export const postMediaInputSchema = z.object({
  uploadId: z.uuid(postMessages.uploadUnusable),
  position: int4().min(0),
});
export const postMediaListSchema = z
  .array(postMediaInputSchema, { error: messages.posts.imageRequired })
  .min(1, messages.posts.imageRequired)
  .max(POST_LIMITS.media, postMessages.tooManyMedia)
  .refine((items) => new Set(items.map((item) => item.uploadId)).size === items.length, {
    message: postMessages.duplicateUpload,
  })
  // Positions only order the items: stored positions are 0..n-1 in that order.
  .transform((items) => [...items].sort((a, b) => a.position - b.position).map((item) => item.uploadId));

/**
 * A post needs a photo: videos alone are refused like no media at all. Checked where the types are
 * known, on `{ media: types }`: the form has the files, the api the stored uploads.
 */
export const postMediaTypesSchema = z.object({
  media: z
    .array(z.enum(MEDIA_TYPES))
    .refine((types) => types.includes('photo'), messages.posts.imageRequired),
});

/** Only a Site Specific activity has an address (spec section 4). */
export function isSiteSpecific(locationType: LocationType | undefined): boolean {
  return locationType === 'Site Specific';
}

/** The address an activity keeps for its type: leaving Site Specific clears it. */
export function keptAddress(locationType: LocationType, location: string | null | undefined): string | null {
  return isSiteSpecific(locationType) ? (location ?? null) : null;
}

/** Site Specific needs an address; any other type stores none (the form clears it). */
export function placeRule<T extends { locationType?: LocationType; location?: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (isSiteSpecific(value.locationType) && !value.location) {
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: messages.posts.siteSpecificLocationRequired,
    });
  }
}

/**
 * Where an activity is, as stored: its type and the address it keeps. An edit that changes only one
 * of the two is checked by parsing the stored place with the change applied.
 */
export const activityPlaceSchema = z
  .object({ locationType: z.enum(LOCATION_TYPES), location: locationSchema.nullish() })
  .superRefine(placeRule)
  .transform(({ locationType, location }) => ({
    locationType,
    location: keptAddress(locationType, location),
  }));
export type ActivityPlace = z.output<typeof activityPlaceSchema>;

/**
 * The client's name for one publish attempt. Sent again (its answer was lost), it gets back the
 * post the first one made instead of a second post.
 */
export const publishRequestIdSchema = z.uuid().optional();
