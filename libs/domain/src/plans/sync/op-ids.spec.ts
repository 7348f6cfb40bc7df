import { newOpId } from './op-ids';

describe('newOpId', () => {
  it('makes a different uuid v7 each time, ordered by time', () => {
    const first = newOpId();
    const second = newOpId();

    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect(first.slice(0, 13) <= second.slice(0, 13)).toBe(true);
  });
});
