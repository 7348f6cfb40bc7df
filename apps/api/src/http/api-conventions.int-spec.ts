import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { formEndpoints, gateEndpoints, messages, systemEndpoints } from '@datebook/contracts';
import { createTestApi } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';

describe('api conventions', () => {
  let webDir: string;

  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), 'datebook-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Datebook</title><div id="root"></div>');
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("datebook");');
  });
  const api = useTestApi({ env: () => ({ WEB_DIST_DIR: webDir, APP_VERSION: '9.9.9' }) });

  it('answers bad JSON with the error body, not a 500', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/forms/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('answers an unknown api route with a JSON 404', async () => {
    const response = await api.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.errors.notFound } });
  });

  it('serves the web app for client-side routes, and never for server paths', async () => {
    const page = await api.request({
      method: 'GET',
      url: '/profile/someone?tab=dates',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const health = await api.request({
      method: 'GET',
      url: '/health/nope',
      headers: { accept: 'text/html' },
    });
    expect(health.statusCode).toBe(404);
  });

  it('serves the app at the root, always revalidated', async () => {
    const root = await api.request({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it('serves the built assets with a long cache, and a missing asset as a 404', async () => {
    const asset = await api.request({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("datebook");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await api.request({
      method: 'GET',
      url: '/assets/gone-9z8y7x.js',
      headers: { accept: '*/*' },
    });
    expect(stale.statusCode).toBe(404);
  });

  it('echoes a well-formed request id and makes one up otherwise', async () => {
    const given = await api.request({
      method: 'GET',
      url: '/api/info',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
    const invented = await api.request({
      method: 'GET',
      url: '/api/info',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports its version', async () => {
    const response = await api.request({ method: 'GET', url: '/api/info' });
    expect(response.json()).toEqual({ name: 'Datebook', version: '9.9.9' });
  });

  it('is live and ready with every dependency up, and exposes metrics', async () => {
    expect((await api.request({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await api.request({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: {
        postgres: { status: 'up' },
        redis: { status: 'up' },
        s3: { status: 'up' },
        queues: { status: 'up' },
      },
    });
    const metrics = await api.request({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('counts every request in the metrics, though it logs only a sample of the successful ones', async () => {
    const count = async (route: string, status: number) => {
      const body = (await api.request({ method: 'GET', url: '/metrics' })).body;
      const line = body
        .split('\n')
        .find(
          (text) =>
            text.startsWith('http_request_duration_seconds_count{') &&
            text.includes(`route="${route}"`) &&
            text.includes(`status="${status}"`),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const [live, missing] = [await count('/health/live', 200), await count('unmatched', 404)];

    for (let call = 0; call < 25; call += 1) {
      expect((await api.request({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    }
    await api.request({ method: 'GET', url: '/api/nothing-here' });

    expect(await count('/health/live', 200)).toBe(live + 25);
    expect(await count('unmatched', 404)).toBe(missing + 1);
  });

  it('documents every endpoint from the same schemas at /api/docs', async () => {
    const document = (await api.request({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    for (const endpoint of [
      ...Object.values(formEndpoints),
      ...Object.values(gateEndpoints),
      ...Object.values(systemEndpoints),
    ]) {
      expect(document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()]).toBeDefined();
    }
    const feedback =
      document.paths['/api/forms/feedback']!.post!.requestBody!.content['application/json']!.schema;
    expect(JSON.stringify(feedback)).toContain('Defect/Issue');
    const ui = await api.request({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('when a dependency fails', () => {
  it('reports not ready, and answers a request with a 500 that carries an error id', async () => {
    const api = await createTestApi();
    try {
      await api.app.get(DataSource).destroy();
      const ready = await api.request({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'error',
        checks: { postgres: { status: 'down' }, redis: { status: 'up' } },
      });
      const response = await api.request({
        method: 'POST',
        url: '/api/forms/newsletter',
        payload: { email: 'someone@example.com' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: {
          code: 'INTERNAL',
          message: messages.errors.unexpected,
          errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      });
    } finally {
      await api.close();
    }
  });
});
