import { decodeForYouCursor, encodeForYouCursor } from './for-you-cursor';

describe('For You cursor', () => {
  it('round-trips a position', () => {
    const position = { snapshotId: 'abcdefgh_-123456', offset: 40 };
    expect(decodeForYouCursor(encodeForYouCursor(position))).toEqual(position);
  });

  it('refuses what this api did not make', () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    expect(decodeForYouCursor('garbage')).toBeNull();
    expect(decodeForYouCursor(forged('short.1'))).toBeNull();
    expect(decodeForYouCursor(forged('abcdefgh_-123456.999999'))).toBeNull();
    expect(decodeForYouCursor(forged('abcdefgh_-123456.-1'))).toBeNull();
    expect(decodeForYouCursor(forged('abcdefgh:-123456.1'))).toBeNull();
  });
});
