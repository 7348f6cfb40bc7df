import { z } from 'zod';

/*
 * The building blocks of every request schema. Whatever passes them PostgreSQL can store: no NUL
 * (or any other control character) in text, no id beyond its column, no date outside a range it
 * stores and a person means. A request that breaks one gets the usual 400, never a 500.
 */

/** The largest value of PostgreSQL's `integer` (int4), the type of category ids, counts and positions. */
export const INT4_MAX = 2_147_483_647;
/** The largest value of PostgreSQL's `bigint`, the type of post, comment and media ids. */
export const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** The calendar days a request may carry (PostgreSQL stores far more, but no date is planned in year 0). */
export const CALENDAR_DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;

/** Texts of the input rules that the spec leaves unworded. */
export const inputMessages = {
  controlCharacter: 'Remove the invisible control characters from this text.',
  dateOutOfRange: `Choose a date between ${CALENDAR_DATE_RANGE.min.slice(0, 4)} and ${CALENDAR_DATE_RANGE.max.slice(0, 4)}.`,
  addressCharacters: 'This address contains characters that are not allowed.',
  addressTooLong: 'This address is too long.',
  headersTooLarge: 'The request headers are too large.',
  malformedRequest: 'The request could not be read.',
} as const;

/** Tab, line feed and carriage return: the control characters that lay out a paragraph. */
const LAYOUT_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether text holds a control character: C0 (U+0000–U+001F, NUL among them), DEL or C1
 * (U+007F–U+009F). With `allowLayout`, tabs and line breaks are not counted.
 */
export function hasControlCharacter(text: string, options: { allowLayout?: boolean } = {}): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const control = code <= 0x1f || (code >= 0x7f && code <= 0x9f);
    if (control && !(options.allowLayout === true && LAYOUT_CHARACTERS.has(code))) {
      return true;
    }
  }
  return false;
}

type StringParams = Parameters<typeof z.string>[0];

/** One line typed into a field (a name, a title, an address): trimmed, without control characters. */
export function lineText(params?: StringParams): z.ZodString {
  return z
    .string(params)
    .trim()
    .refine((text) => !hasControlCharacter(text), inputMessages.controlCharacter);
}

/** Text over several lines (a bio, a description, a comment): trimmed; tabs and line breaks allowed. */
export function paragraphText(params?: StringParams): z.ZodString {
  return z
    .string(params)
    .trim()
    .refine((text) => !hasControlCharacter(text, { allowLayout: true }), inputMessages.controlCharacter);
}

/** A value the client was given and sends back (a token, a challenge id): kept as sent, without control characters. */
export function tokenText(params?: StringParams): z.ZodString {
  return z.string(params).refine((text) => !hasControlCharacter(text), inputMessages.controlCharacter);
}

/**
 * The id of an `integer` column, as a JSON number. One that cannot exist (a fraction, 0, 2^31)
 * is refused with `notFound`, the text for one that does not.
 */
export function int4Id(notFound: string) {
  return z
    .number({ error: notFound })
    .int({ error: notFound, abort: true })
    .min(1, notFound)
    .max(INT4_MAX, notFound);
}

/**
 * The id of a `bigint` column, as digits (a JSON number loses precision past 2^53): 1 to
 * 9223372036854775807 without leading zeros, else `notFound`.
 */
export function bigintId(notFound: string) {
  return z
    .string({ error: notFound })
    .regex(/^[1-9]\d{0,18}$/, { error: notFound, abort: true })
    .refine((digits) => BigInt(digits) <= BIGINT_MAX, notFound);
}

/** A whole number an `integer` column holds; chain `.min()`/`.max()` for the rule's own bounds. */
export function int4() {
  return z
    .number()
    .int()
    .min(-INT4_MAX - 1)
    .max(INT4_MAX);
}

/** A calendar day, YYYY-MM-DD, that exists and lies in `CALENDAR_DATE_RANGE`; `invalid` for one that does not exist. */
export function calendarDate(invalid: string) {
  return z.iso
    .date({ error: invalid, abort: true })
    .refine(
      (day) => day >= CALENDAR_DATE_RANGE.min && day <= CALENDAR_DATE_RANGE.max,
      inputMessages.dateOutOfRange,
    );
}
