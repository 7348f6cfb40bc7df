import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor';

describe('feed cursor', () => {
  it('round-trips a position of either kind', () => {
    for (const kind of ['activity', 'date'] as const) {
      const position = { createdAtMicros: '1764000000123456', kind, id: '42' };
      expect(decodeFeedCursor(encodeFeedCursor(position))).toEqual(position);
    }
  });

  it('refuses what this api did not make', () => {
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    expect(decodeFeedCursor('garbage')).toBeNull();
    expect(decodeFeedCursor(forged('1_x1'))).toBeNull();
    expect(decodeFeedCursor(forged('999999999999999999_a1'))).toBeNull();
    expect(decodeFeedCursor(forged('1_a99999999999999999999'))).toBeNull();
    expect(decodeFeedCursor(forged('1_a1;DROP'))).toBeNull();
  });
});
