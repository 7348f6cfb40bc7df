// What the built web app sends a browser: which chunks each page loads (from Vite's manifest) and how
// many bytes they weigh in every encoding the servers send (`npm run size`).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The screens the router loads lazily: every dynamically imported chunk named `*-page` (dialogs and
 * the live socket are lazy too, but load after a page is shown). Each with its manifest key and a
 * label: `feature/file` from its source, or the chunk's name when Rolldown merged the page into a
 * shared chunk that the manifest lists without a source.
 */
export function lazyPages(manifest) {
  const keys = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  return [...keys]
    .filter((key) => manifest[key]?.name?.endsWith('-page'))
    .map((key) => ({
      key,
      source: manifest[key].src,
      label:
        manifest[key].src?.replace(/^src\/features\//, '').replace(/\.[jt]sx?$/, '') ?? manifest[key].name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The JavaScript files a chunk needs before it runs: itself and its static imports, recursively. */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk?.file.endsWith('.js') || files.has(chunk.file)) {
    return files;
  }
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) {
    staticClosure(manifest, imported, files);
  }
  return files;
}

/**
 * Bytes on the wire for each file in each encoding: its `.gz` or `.br` variant when the build wrote
 * one (what the servers send), else the file itself.
 */
export function transferred(distDir, files) {
  const size = (path) => statSync(path).size;
  const sent = (file, suffix) => {
    const variant = join(distDir, file + suffix);
    return existsSync(variant) ? size(variant) : size(join(distDir, file));
  };
  const total = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    total.files += 1;
    total.raw += size(join(distDir, file));
    total.gzip += sent(file, '.gz');
    total.brotli += sent(file, '.br');
  }
  return total;
}

export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
