import fc from 'fast-check';
import { RawJson } from './fuzz-values';

/* What an attacker types instead of what a form would send. */

/** Characters PostgreSQL refuses (NUL) or that no form produces: C0 and C1 controls, DEL. */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];

/** NUL half the time: PostgreSQL refuses it in text, where it stores the other controls. */
const controlCharacter = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS));

/** Puts a control character somewhere in a string: at the start, the end or inside. */
export function withControlCharacter(text: string): fc.Arbitrary<string> {
  return fc
    .tuple(controlCharacter, fc.nat({ max: text.length }))
    .map(([control, at]) => `${text.slice(0, at)}${control}${text.slice(at)}`);
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0000\u0000\u0000',
    '\u001b[31mred',
    '\u202eevil',
    '\ud800',
    '\udfff\ud800',
    '\uffff',
    '',
    ' ',
    '%00',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ maxLength: 20 }).chain(withControlCharacter),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length)),
);

/** Numbers beyond the columns' ranges, fractions, and literals JavaScript reads as Infinity or rounds. */
const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    2 ** 63,
    1e308,
    -1,
    0,
    0.5,
    -0.000001,
  ),
  fc
    .constantFrom('1e400', '-1e400', '9223372036854775808', '123456789012345678901234567890', '1e-400')
    .map((text) => new RawJson(text)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Calendar dates PostgreSQL cannot store, that do not exist, or that no one plans a date on. */
export const HOSTILE_DATES = [
  '0000-01-01',
  '0001-01-01',
  '-0001-01-01',
  '4714-11-24',
  '1899-12-31',
  '2200-01-01',
  '9999-12-31',
  '10000-01-01',
  '275760-09-13',
  '2023-02-29',
  '2024-02-30',
  '2024-13-01',
  '2024-00-10',
  '2024-01-01T00:00:00Z',
  '2024-1-1',
  'infinity',
  'epoch',
];
const hostileDate = fc.constantFrom(...HOSTILE_DATES);

/** Something of the wrong shape entirely. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, '', [], {}, ['a'], { a: 1 }, [[[]]]),
  fc.jsonValue({ maxDepth: 2 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 1 },
  { arbitrary: hostileDate, weight: 1 },
  { arbitrary: wrongType, weight: 1 },
);

/** Bodies that are not the JSON object an endpoint reads. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '42',
    '1e400',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    '\u0000',
    '{"\u0000":"\u0000"}',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Path segments, as they appear percent-encoded in the URL. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00',
    '%00a',
    '1%00',
    '%01',
    '%1F',
    '%7F',
    '%C2%85',
    '%E2%80%AE',
    '%0A',
    '%0D%0A',
    '%20',
    '%09',
    '%',
    '%E0%A4%A',
    '%FF',
    '%2F',
    '%2E%2E',
    '..',
    '-1',
    '0',
    '01',
    '1.5',
    '1e3',
    '2147483648',
    '9223372036854775807',
    '9223372036854775808',
    '99999999999999999999',
    '00000000-0000-0000-0000-000000000000',
    'me',
    '%F0%9F%98%80',
    "'",
    '%22',
    '%5C',
  ),
  fc.integer({ min: 19, max: 400 }).map((length) => '9'.repeat(length)),
  fc.integer({ min: 90, max: 2000 }).map((length) => 'a'.repeat(length)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);
