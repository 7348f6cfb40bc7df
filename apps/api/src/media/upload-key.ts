import { mediaKeyPrefix, type MediaKind } from '@datebook/contracts';

const MAX_NAME_LENGTH = 100;

/**
 * `{userId}/{kind}-media/{timestamp}-{filename}` (spec section 3). The file name is the client's, so
 * it is reduced to characters that are safe in a URL path and an object key (accents dropped, no
 * separators, no leading dots), keeping the end, with the extension, when it is long.
 */
export function uploadKey(userId: string, kind: MediaKind, fileName: string, now: Date): string {
  return `${mediaKeyPrefix(userId, kind)}${now.getTime()}-${safeFileName(fileName)}`;
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
