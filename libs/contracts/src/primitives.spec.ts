import {
  bigintId,
  calendarDate,
  hasControlCharacter,
  inputMessages,
  int4,
  int4Id,
  lineText,
  paragraphText,
  tokenText,
} from './primitives';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('input primitives', () => {
  it('finds C0, DEL and C1 control characters, and lets a paragraph keep its layout', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\u0001',
      '\u001b[0m',
      '\u007f',
      '\u0085',
      '\u009f',
      'tab\there',
    ]) {
      expect(hasControlCharacter(text)).toBe(true);
    }
    for (const text of ['', 'plain', 'émoji 😀', '\u00a0', '\u2028', 'zwj\u200d']) {
      expect(hasControlCharacter(text)).toBe(false);
    }
    expect(hasControlCharacter('one\ntwo\r\n\tthree', { allowLayout: true })).toBe(false);
    expect(hasControlCharacter('one\n\u0000', { allowLayout: true })).toBe(true);
  });

  it('trims a line and refuses a control character anywhere in it', () => {
    const name = lineText().min(1, 'Enter a name').max(5);
    expect(name.parse('  Sam  ')).toBe('Sam');
    expect(messagesOf(name.safeParse('Sa\u0000m'))).toEqual([inputMessages.controlCharacter]);
    expect(messagesOf(name.safeParse('Sam\n'))).toEqual([]);
    expect(messagesOf(name.safeParse('S\nam'))).toEqual([inputMessages.controlCharacter]);
    expect(messagesOf(name.safeParse('   '))).toEqual(['Enter a name']);
  });

  it('keeps the line breaks of a paragraph but not other control characters', () => {
    const bio = paragraphText().max(50);
    expect(bio.parse(' First line\n\tsecond line\r\n ')).toBe('First line\n\tsecond line');
    expect(messagesOf(bio.safeParse('First\u0000'))).toEqual([inputMessages.controlCharacter]);
  });

  it('keeps a token as sent, spaces included, but refuses control characters', () => {
    expect(tokenText().parse(' abc ')).toBe(' abc ');
    expect(messagesOf(tokenText().safeParse('abc\u0000'))).toEqual([inputMessages.controlCharacter]);
  });

  it('bounds an integer id to its column and answers anything else as not found', () => {
    const id = int4Id('No such category');
    expect(id.parse(1)).toBe(1);
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [0, -1, 1.5, 2_147_483_648, 2 ** 53, '1', null]) {
      expect(messagesOf(id.safeParse(bad))).toEqual(['No such category']);
    }
  });

  it('bounds a bigint id, sent as digits, to its column', () => {
    const id = bigintId('No such post');
    expect(id.parse('1')).toBe('1');
    expect(id.parse('9223372036854775807')).toBe('9223372036854775807');
    for (const bad of [
      '0',
      '007',
      '-1',
      '1.5',
      '1e3',
      '',
      ' 1',
      '9223372036854775808',
      '99999999999999999999',
      1,
    ]) {
      expect(messagesOf(id.safeParse(bad))).toEqual(['No such post']);
    }
  });

  it('bounds a number to an integer column', () => {
    const position = int4().min(0);
    expect(position.parse(2_147_483_647)).toBe(2_147_483_647);
    expect(position.safeParse(2_147_483_648).success).toBe(false);
    expect(position.safeParse(-1).success).toBe(false);
    expect(int4().safeParse(-2_147_483_649).success).toBe(false);
  });

  it('accepts days that exist within the range, and says which it refuses and why', () => {
    const day = calendarDate('Choose a valid date.');
    for (const good of ['1900-01-01', '2024-02-29', '2099-12-31']) {
      expect(day.parse(good)).toBe(good);
    }
    for (const missing of [
      '2023-02-29',
      '2024-13-01',
      '2024-1-1',
      '2024-01-01T00:00:00Z',
      'infinity',
      20240101,
    ]) {
      expect(messagesOf(day.safeParse(missing))).toEqual(['Choose a valid date.']);
    }
    for (const far of ['0000-01-01', '0001-01-01', '1899-12-31', '2100-01-01', '9999-12-31']) {
      expect(messagesOf(day.safeParse(far))).toEqual([inputMessages.dateOutOfRange]);
    }
    expect(inputMessages.dateOutOfRange).toBe('Choose a date between 1900 and 2099.');
  });
});
