import { z } from 'zod';
import { TITLE_MAX_LENGTH } from '../constants';
import { messages } from '../messages';
import { bigintId, CALENDAR_DATE_RANGE, calendarDate, lineText, paragraphText } from '../primitives';
import { postMessages } from '../posts/constants';
import { PLAN_LIMITS, PLAN_SHARE_TOKEN_PATTERN, planMessages } from './constants';

/* The fields plan operations and requests share. */

/** A plan id as digits; one that cannot exist answers like one that does not. */
export const planIdSchema = bigintId(planMessages.notFound);

/** A share link's token; anything else answers like a link that does not exist. */
export const planShareTokenSchema = z
  .string({ error: messages.plans.sharedNotFound })
  .regex(PLAN_SHARE_TOKEN_PATTERN, messages.plans.sharedNotFound);

/** The client's uuid for a timeline row (planned_date_activities.client_ref). */
export const planRefSchema = z.uuid(planMessages.activityGone);

/** Trimmed; saving a draft needs one (spec section 5). */
export const planTitleSchema = lineText({ error: messages.plans.addTitleBeforeSaving })
  .min(1, messages.plans.addTitleBeforeSaving)
  .max(TITLE_MAX_LENGTH, messages.posts.titleTooLong);

/** The plan's day, 'YYYY-MM-DD', or null while it is not chosen. */
export const planDateSchema = calendarDate(postMessages.invalidDate).nullable();

/**
 * An instant a row begins or ends, sent with its offset; stored and compared as UTC ISO, so two
 * spellings of one instant are one value. Years a person plans in, like calendar days.
 */
export const planInstantSchema = z
  .string({ error: planMessages.invalidTime })
  .max(40, planMessages.invalidTime)
  .pipe(z.iso.datetime({ offset: true, error: planMessages.invalidTime }))
  .transform((text) => new Date(text).toISOString())
  .refine(
    (iso) => iso.slice(0, 10) >= CALENDAR_DATE_RANGE.min && iso.slice(0, 10) <= CALENDAR_DATE_RANGE.max,
    planMessages.invalidTime,
  );

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone the runtime knows ('Europe/Paris'): a plan's date and times are wall-clock values in it. */
export const timeZoneSchema = z
  .string({ error: planMessages.invalidTimeZone })
  .min(1, planMessages.invalidTimeZone)
  .max(PLAN_LIMITS.timeZone, planMessages.invalidTimeZone)
  .refine(isTimeZone, planMessages.invalidTimeZone);

/** Empty text clears a custom field: it is stored as null. */
const clearable = (schema: z.ZodString) =>
  schema
    .transform((text) => text || null)
    .nullable()
    .optional();

export const customLocationSchema = clearable(
  lineText().max(PLAN_LIMITS.customLocation, planMessages.customLocationTooLong),
);
export const customDetailsSchema = clearable(
  paragraphText().max(PLAN_LIMITS.customDetails, planMessages.customDetailsTooLong),
);

/** A member's id as the client typed or picked it; blanks are dropped later (spec section 5). */
export const inviteeIdSchema = lineText()
  .max(36, planMessages.inviteFollowedOnly)
  .refine((id) => id === '' || z.uuid().safeParse(id).success, planMessages.inviteFollowedOnly);
