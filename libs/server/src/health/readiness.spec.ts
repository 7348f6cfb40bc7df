import { checkReadiness } from './readiness';

describe('checkReadiness', () => {
  it('is ok when every probe answers', async () => {
    const result = await checkReadiness({ a: () => Promise.resolve('fine'), b: () => Promise.resolve() });
    expect(result).toEqual({ status: 'ok', checks: { a: { status: 'up' }, b: { status: 'up' } } });
  });

  it('names each dependency that fails or hangs', async () => {
    const result = await checkReadiness(
      {
        db: () => Promise.reject(new Error('connection refused')),
        cache: () => new Promise(() => undefined),
        store: () => Promise.resolve('ok'),
      },
      50,
    );
    expect(result).toEqual({
      status: 'error',
      checks: {
        db: { status: 'down', error: 'connection refused' },
        cache: { status: 'down', error: 'timed out after 50 ms' },
        store: { status: 'up' },
      },
    });
  });
});
