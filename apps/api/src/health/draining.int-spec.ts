import { DrainState } from '../lifecycle/drain-state';
import { useTestApi } from '../testing/use-test-api';

describe('readiness while the api drains', () => {
  const api = useTestApi();

  it('answers 503 with a failing draining check, while every other route keeps serving', async () => {
    const before = await api.request({ method: 'GET', url: '/health/ready' });
    expect(before.statusCode).toBe(200);
    expect(before.json<{ checks: Record<string, unknown> }>().checks).not.toHaveProperty('draining');

    api.app.get(DrainState).start();

    const ready = await api.request({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'error',
      checks: { draining: { status: 'down' }, postgres: { status: 'up' }, redis: { status: 'up' } },
    });
    expect((await api.request({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await api.request({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });
});
