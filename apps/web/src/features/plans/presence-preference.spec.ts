import { afterEach, describe, expect, it, vi } from 'vitest';
import { readHidePresence, writeHidePresence } from './presence-preference';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the hide-my-presence preference', () => {
  it('is off until chosen, and remembers the choice under the shared key', () => {
    expect(readHidePresence()).toBe(false);
    writeHidePresence(true);
    expect(window.localStorage.getItem('datebook.plan.hidePresence')).toBe('true');
    expect(readHidePresence()).toBe(true);
    writeHidePresence(false);
    expect(readHidePresence()).toBe(false);
  });

  it('reads as shown and writes nothing when storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(readHidePresence()).toBe(false);
    expect(() => writeHidePresence(true)).not.toThrow();
  });
});
