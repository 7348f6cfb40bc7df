import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressOptions {
  /** Smaller files are left alone: they fit in one packet either way. */
  minBytes: number;
  /** File extensions worth compressing (text); images and fonts are compressed already. */
  extensions: readonly string[];
}

export const DEFAULT_PRECOMPRESS_OPTIONS: PrecompressOptions = {
  minBytes: 1024,
  extensions: ['.js', '.css', '.html', '.svg', '.json'],
};

/**
 * The suffix each encoding's variant carries: the names nginx's `gzip_static` and @fastify/static's
 * `preCompressed` look for beside the original.
 */
const VARIANTS: ReadonlyArray<{ suffix: string; compress: (data: Buffer) => Promise<Buffer> }> = [
  {
    suffix: '.br',
    // Compressed once per build, so the slowest, smallest setting costs nothing at request time.
    compress: (data) =>
      brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of `directory` of at least `minBytes`,
 * each only when it is smaller than the original. Hidden folders (Vite's `.vite/manifest.json`) are
 * build metadata, never served, and skipped. Returns the paths written, relative to `directory`.
 */
export async function precompressDirectory(
  directory: string,
  options: PrecompressOptions = DEFAULT_PRECOMPRESS_OPTIONS,
): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && options.extensions.includes(extname(entry.name)))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(sep).some((segment) => segment.startsWith('.')));
  const written = await Promise.all(files.map((file) => precompressFile(directory, file, options)));
  return written.flat().sort();
}

async function precompressFile(
  directory: string,
  file: string,
  options: PrecompressOptions,
): Promise<string[]> {
  const original = await readFile(join(directory, file));
  if (original.length < options.minBytes) {
    return [];
  }
  const written: string[] = [];
  for (const { suffix, compress } of VARIANTS) {
    const compressed = await compress(original);
    if (compressed.length < original.length) {
      await writeFile(join(directory, file + suffix), compressed);
      written.push(file + suffix);
    }
  }
  return written;
}

/** Precompresses the build output once it is written, public files included. */
export function precompress(options: PrecompressOptions = DEFAULT_PRECOMPRESS_OPTIONS): Plugin {
  return {
    name: 'datebook:precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler({ dir }) {
        if (!dir) {
          throw new Error('precompress needs the build to write to a directory (build.outDir)');
        }
        await precompressDirectory(dir, options);
      },
    },
  };
}
