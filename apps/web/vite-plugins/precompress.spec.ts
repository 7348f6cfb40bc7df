import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

const text = (bytes: number) =>
  'export const greeting = "hello";\n'.repeat(Math.ceil(bytes / 33)).slice(0, bytes);

describe('precompressDirectory', () => {
  let dist: string;
  const write = (file: string, content: string | Buffer) => writeFileSync(join(dist, file), content);

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'datebook-precompress-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes a brotli and a gzip variant beside each text file that decode to the original', async () => {
    write('index.html', `<!doctype html>${text(2000)}`);
    write('assets/app-1a2b.js', text(5000));
    write('assets/app-1a2b.css', text(3000));

    expect(await precompressDirectory(dist)).toEqual([
      'assets/app-1a2b.css.br',
      'assets/app-1a2b.css.gz',
      'assets/app-1a2b.js.br',
      'assets/app-1a2b.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const original = readFileSync(join(dist, 'assets/app-1a2b.js'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets/app-1a2b.js.br')))).toEqual(original);
    expect(gunzipSync(readFileSync(join(dist, 'assets/app-1a2b.js.gz')))).toEqual(original);
  });

  it('leaves small files, binary formats and the build metadata alone', async () => {
    write('favicon.svg', text(200));
    write('assets/photo-1a2b.png', text(5000));
    write('.vite/manifest.json', text(5000));

    expect(await precompressDirectory(dist)).toEqual([]);
  });

  it('skips a variant that would be larger than the original', async () => {
    write('assets/random-1a2b.js', randomBytes(4000));

    expect(await precompressDirectory(dist)).toEqual([]);
  });
});
