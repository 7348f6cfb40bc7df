import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApi } from '../testing/use-test-api';

const INDEX_HTML = `<!doctype html><title>Datebook</title><div id="root"></div>${'<p></p>'.repeat(200)}`;
const APP_JS = `console.log("datebook");\n${'export const route = "/";\n'.repeat(200)}`;
const YEAR = 'public, max-age=31536000, immutable';

/** Writes a file with the `.br` and `.gz` variants the web build would write beside it. */
function writeWithVariants(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

function decoded(response: LightMyRequestResponse): string {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.rawPayload).toString();
    case 'gzip':
      return gunzipSync(response.rawPayload).toString();
    case undefined:
      return response.body;
    default:
      throw new Error(`unexpected encoding ${String(response.headers['content-encoding'])}`);
  }
}

describe('the web app, served precompressed', () => {
  let webDir: string;

  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), 'datebook-web-'));
    writeWithVariants(join(webDir, 'index.html'), INDEX_HTML);
    mkdirSync(join(webDir, 'assets'));
    writeWithVariants(join(webDir, 'assets', 'app-1a2b3c.js'), APP_JS);
    // Below the build's size threshold: no variants.
    writeFileSync(join(webDir, 'assets', 'small-4d5e6f.css'), 'body{margin:0}');
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(join(webDir, '.vite', 'manifest.json'), '{}');
  });
  const api = useTestApi({ env: () => ({ WEB_DIST_DIR: webDir }) });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string>) => api.request({ method: 'GET', url, headers });

  it('sends brotli when the browser takes it, then gzip, then the file itself', async () => {
    const cases: Array<[acceptEncoding: string | undefined, expected: string | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const asset = await get(
        '/assets/app-1a2b3c.js',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect({
        acceptEncoding,
        status: asset.statusCode,
        encoding: asset.headers['content-encoding'],
      }).toEqual({
        acceptEncoding,
        status: 200,
        encoding: expected,
      });
      expect(decoded(asset)).toBe(APP_JS);
      expect(asset.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control']).toBe(YEAR);
    }
  });

  it('sends a file that has no variants as it is', async () => {
    const css = await get('/assets/small-4d5e6f.css', { 'accept-encoding': 'br, gzip' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toBe('body{margin:0}');
    expect(css.headers['cache-control']).toBe(YEAR);
  });

  it('serves the app at the root compressed, and always revalidated', async () => {
    const root = await get('/', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-encoding']).toBe('br');
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(root)).toBe(INDEX_HTML);
  });

  it('answers client-side routes with the same page, in the same encodings', async () => {
    for (const [acceptEncoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const page = await get('/profile/someone?tab=dates', {
        accept: 'text/html,application/xhtml+xml',
        'accept-encoding': acceptEncoding,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe(expected);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(page)).toBe(INDEX_HTML);
    }
  });

  it('keeps a missing chunk, a server path and the build metadata 404s', async () => {
    for (const [url, accept] of [
      ['/assets/gone-9z8y7x.js', '*/*'],
      ['/health/nope', 'text/html'],
      ['/.vite/manifest.json', '*/*'],
    ]) {
      const response = await get(url!, { accept: accept!, 'accept-encoding': 'br, gzip' });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('answers a client-side route with a 404 once index.html is gone, rather than looping', async () => {
    for (const file of ['index.html', 'index.html.br', 'index.html.gz']) {
      rmSync(join(webDir, file));
    }
    const page = await get('/profile/someone', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(404);
  });
});
