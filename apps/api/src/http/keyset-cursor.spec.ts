import { ValidationError } from '@datebook/server';
import { decodeKeysetCursor, encodeKeysetCursor, pagePosition } from './keyset-cursor';

const raw = (text: string) => Buffer.from(text).toString('base64url');

describe('keyset cursors', () => {
  it('give back the position they were made from', () => {
    const position = { createdAtMicros: '1763700000123456', id: '42' };
    expect(decodeKeysetCursor(encodeKeysetCursor(position))).toEqual(position);
  });

  it('refuse what the api never makes, including numbers PostgreSQL cannot turn into a time or id', () => {
    for (const cursor of [
      'not base64 at all!',
      raw('1763700000123456'),
      raw('-1_2'),
      raw('1.5_2'),
      raw('9999999999999999999_1'),
      raw('253402300800000000_1'),
      raw('1_9223372036854775808'),
    ]) {
      expect([cursor, decodeKeysetCursor(cursor)]).toEqual([cursor, null]);
    }
    expect(decodeKeysetCursor(raw('253402300799999999_9223372036854775807'))).not.toBeNull();
  });
});

describe('pagePosition', () => {
  it('is the first page without a cursor, and the position of one the api made', () => {
    expect(pagePosition(undefined, 'Reload')).toBeUndefined();
    const position = { createdAtMicros: '1763700000123456', id: '42' };
    expect(pagePosition(encodeKeysetCursor(position), 'Reload')).toEqual(position);
  });

  it("refuses any other cursor with the list's own message", () => {
    const refuse = () => pagePosition(raw('1_2_3'), 'Reload');
    expect(refuse).toThrow(ValidationError);
    expect(refuse).toThrow('Reload');
  });
});
