import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStorageLease } from './cross-tab-lock';

describe('withStorageLease (the lock where navigator.locks is missing)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs tasks of rival tabs one after the other, never together', async () => {
    const running: string[] = [];
    const overlaps: string[][] = [];
    const task = (name: string) => async () => {
      running.push(name);
      if (running.length > 1) {
        overlaps.push([...running]);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      running.splice(running.indexOf(name), 1);
      return name;
    };

    const results = Promise.all(['a', 'b', 'c'].map((name) => withStorageLease('refresh', task(name))));
    await vi.advanceTimersByTimeAsync(2_000);

    await expect(results).resolves.toEqual(['a', 'b', 'c']);
    expect(overlaps).toEqual([]);
    expect(localStorage.getItem('refresh.lease')).toBeNull();
  });

  it('takes over a lease its holder abandoned (a tab closed mid-refresh)', async () => {
    localStorage.setItem('refresh.lease', JSON.stringify({ owner: 'closed-tab', until: Date.now() + 1_000 }));
    const task = vi.fn(() => Promise.resolve('done'));

    const result = withStorageLease('refresh', task);
    await vi.advanceTimersByTimeAsync(900);
    expect(task).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toBe('done');
  });

  it('releases the lease when the task fails', async () => {
    const result = withStorageLease('refresh', () => Promise.reject(new Error('offline')));
    const settled = expect(result).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(100);

    await settled;
    expect(localStorage.getItem('refresh.lease')).toBeNull();
  });
});
