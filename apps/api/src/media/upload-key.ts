import type { MediaKind } from '@datebook/contracts';
import { originalKey } from '@datebook/server';

const MAX_NAME_LENGTH = 100;

/**
 * `{userId}/{kind}-media/{token}/{filename}`: the spec's layout with the timestamp replaced by 128
 * random bits (issue 10), so no key can be derived from ids or times. The file name is the client's,
 * so it is reduced to characters that are safe in a URL path and an object key (accents dropped, no
 * separators, no leading dots), keeping the end, with the extension, when it is long.
 */
export function uploadKey(userId: string, kind: MediaKind, fileName: string): string {
  return originalKey(userId, kind, safeFileName(fileName));
}

export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-*\.-*/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+|-+$/g, '')
    .slice(-MAX_NAME_LENGTH)
    .replace(/^[.-]+/, '');
  return cleaned === '' ? 'file' : cleaned;
}
