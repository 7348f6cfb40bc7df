import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';

const PAGE_POLICY = /^default-src 'self'; script-src 'self'; style-src 'self'; .*frame-ancestors 'none'$/;
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A built web app: the page and one hashed asset. */
function writeWebApp(): string {
  const webDir = mkdtempSync(join(tmpdir(), 'datebook-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Datebook</title><div id="root"></div>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("datebook");');
  return webDir;
}

function expectHardened(response: LightMyRequestResponse, policy: RegExp | string): void {
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  });
  expect(response.headers['content-security-policy']).toMatch(policy);
}

describe('security headers', () => {
  let webDir: string;

  beforeAll(() => {
    webDir = writeWebApp();
  });
  const api = useTestApi({ env: () => ({ WEB_DIST_DIR: webDir }) });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  const get = (url: string, accept = '*/*') => api.request({ method: 'GET', url, headers: { accept } });

  it('puts the web app policy on the page at the root and at client-side routes', async () => {
    for (const url of ['/', '/profile/someone?tab=dates', '/auth/confirm?token_hash=abc&type=signup']) {
      const page = await get(url, 'text/html');
      expect({ url, status: page.statusCode }).toEqual({ url, status: 200 });
      expect(page.headers['content-type']).toContain('text/html');
      expectHardened(page, PAGE_POLICY);
      expect(page.headers['content-security-policy']).toContain(
        `img-src 'self' data: blob: ${new URL(api.env.config.s3.publicUrl).origin}`,
      );
    }
  });

  it('hardens assets, api answers, errors, health and keys alike', async () => {
    for (const url of [
      '/assets/app-1a2b3c.js',
      '/api/categories',
      '/api/does-not-exist',
      '/health/live',
      '/.well-known/jwks.json',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode < 500 }).toEqual({ url, status: true });
      expectHardened(response, RESOURCE_POLICY);
    }
  });

  it('leaves HSTS to production', async () => {
    const page = await get('/', 'text/html');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers in production', () => {
  let webDir: string;

  beforeAll(() => {
    webDir = writeWebApp();
  });
  const api = useTestApi({
    env: () => ({
      NODE_ENV: 'production',
      WEB_DIST_DIR: webDir,
      AUTH_JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      AUTH_MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    }),
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  it('tells browsers to use HTTPS only, on pages and api answers', async () => {
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/api/categories', 'application/json'],
    ] as const) {
      const response = await api.request({ method: 'GET', url, headers: { accept } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('/metrics', () => {
  const api = useTestApi({ env: { METRICS_ALLOW_FROM: 'loopback,10.0.0.0/8' } });

  const scrape = (url: string, remoteAddress: string) => api.request({ method: 'GET', url, remoteAddress });

  it('answers the addresses METRICS_ALLOW_FROM lists', async () => {
    for (const address of ['127.0.0.1', '10.20.30.40', '::ffff:10.0.0.9']) {
      const response = await scrape('/metrics', address);
      expect({ address, status: response.statusCode }).toEqual({ address, status: 200 });
      expect(response.body).toContain('# TYPE');
    }
  });

  it('refuses everyone else with the usual error body, however the path is spelled', async () => {
    for (const url of ['/metrics', '/metrics?format=text', '/%6detrics']) {
      const response = await scrape(url, '203.0.113.9');
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.errors.forbidden } });
      expectHardened(response, RESOURCE_POLICY);
    }
  });

  it('refuses a HEAD request too', async () => {
    const response = await api.request({ method: 'HEAD', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(403);
  });

  it('leaves the other probes open', async () => {
    expect((await scrape('/health/live', '203.0.113.9')).statusCode).toBe(200);
  });
});
