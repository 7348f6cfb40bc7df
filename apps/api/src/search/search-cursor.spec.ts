import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';

const raw = (text: string) => Buffer.from(text).toString('base64url');

describe('search cursors', () => {
  it('round-trip the position of their own order only', () => {
    const newest = encodeSearchCursor('newest', { key: '1767225600000000', id: '42' });
    expect(decodeSearchCursor('newest', newest)).toEqual({ key: '1767225600000000', id: '42' });
    expect(decodeSearchCursor('relevance', newest)).toBeNull();

    for (const key of ['0', '2.0714285373687744', '1.5e-05', '13']) {
      const cursor = encodeSearchCursor('rated', { key, id: '7' });
      expect(decodeSearchCursor('rated', cursor)).toEqual({ key, id: '7' });
      expect(decodeSearchCursor('popular', cursor)).toBeNull();
    }
    const id = '0b9e6c5e-4c1f-4b8e-9a57-3f1d2c7e8a90';
    expect(decodeSearchCursor('users', encodeSearchCursor('users', { key: '3', id }))).toEqual({
      key: '3',
      id,
    });
  });

  it('refuse what PostgreSQL would refuse or this api never makes', () => {
    const refused: Array<[Parameters<typeof decodeSearchCursor>[0], string]> = [
      ['newest', raw('n253402300800000000_1')],
      ['newest', raw('n1.5_1')],
      ['newest', raw('n1_9223372036854775808')],
      ['relevance', raw('r1e-400_1')],
      ['relevance', raw('r1e+400_1')],
      ['relevance', raw('rInfinity_1')],
      ['relevance', raw('r0x10_1')],
      ['relevance', raw('r1_')],
      ['relevance', raw('r1_1_1')],
      ['users', raw('u1_1')],
      ['users', raw('u1_0B9E6C5E-4C1F-4B8E-9A57-3F1D2C7E8A90')],
      ['popular', ''],
    ];
    for (const [order, cursor] of refused) {
      expect({ order, cursor, decoded: decodeSearchCursor(order, cursor) }).toEqual({
        order,
        cursor,
        decoded: null,
      });
    }
  });
});
