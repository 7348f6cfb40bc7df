import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_CACHE } from '@datebook/contracts';
import { ApiError } from '@/lib/api-error';
import { createQueryClient, retryDelayMs, shouldRetryQuery } from './query-client';

const failure = (status: number) => new ApiError({ status, code: 'INTERNAL', message: 'failed' });

describe('query client', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('keeps data fresh and cached as spec section 9 says, without refetching on focus', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: QUERY_CACHE.staleTimeMs,
      gcTime: QUERY_CACHE.gcTimeMs,
      refetchOnWindowFocus: false,
    });
  });

  it('retries server and network failures up to three times', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, failure(503)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries a request the api rejected as wrong', () => {
    expect(shouldRetryQuery(0, failure(400))).toBe(false);
    expect(shouldRetryQuery(0, failure(404))).toBe(false);
  });

  it('backs off from one second, doubling, capped at thirty seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('fails reads at once offline, so a screen says so instead of waiting without a word', () => {
    onlineManager.setOnline(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(false);
    expect(createQueryClient().getDefaultOptions().queries?.networkMode).toBe('always');
  });

  it('holds writes made offline until the connection is back, and never repeats one', () => {
    expect(createQueryClient().getDefaultOptions().mutations).toMatchObject({
      networkMode: 'online',
      retry: false,
    });
  });

  it('starts from what the browser knows of the connection', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
    onLine.mockRestore();
  });

  it('fetches a read that failed offline again by itself once the connection is back', async () => {
    const client = createQueryClient();
    client.mount();
    onlineManager.setOnline(false);
    const fetchProfile = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ username: 'ada' });
    const observer = new QueryObserver(client, { queryKey: ['profiles', 'me'], queryFn: fetchProfile });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));

    onlineManager.setOnline(true);

    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ username: 'ada' }));
    expect(fetchProfile).toHaveBeenCalledTimes(2);
    unsubscribe();
    client.unmount();
  });
});
