import { randomBytes } from 'node:crypto';
import { mediaKeyPrefix, type MediaKind } from '@datebook/contracts';

/**
 * 128 random bits, base64url (22 characters): the part of every object key nobody can derive, so
 * knowing a member's id and counting media ids leads to no object.
 */
export function newObjectToken(): string {
  return randomBytes(16).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** `{userId}/{kind}-media/{token}/{fileName}`: an upload's original, under a fresh token. */
export function originalKey(userId: string, kind: MediaKind, fileName: string): string {
  return `${mediaKeyPrefix(userId, kind)}${newObjectToken()}/${fileName}`;
}

/**
 * The stem `{userId}/{kind}-media/{token}` that an original's renditions share. It reuses the
 * original's token, so a retried job overwrites what an interrupted one wrote; an original stored
 * before keys carried a token (a legacy key) gets a fresh one.
 */
export function renditionStem(userId: string, kind: MediaKind, original: string): string {
  const prefix = mediaKeyPrefix(userId, kind);
  const token = original.startsWith(prefix) ? original.slice(prefix.length).split('/')[0] : undefined;
  return `${prefix}${token !== undefined && TOKEN.test(token) ? token : newObjectToken()}`;
}

/** `{stem}-{name}.{extension}`: one rendition (`640`, `poster`, `video`) of a media item. */
export const renditionKey = (stem: string, name: string | number, extension = 'jpg'): string =>
  `${stem}-${name}.${extension}`;

/**
 * Where a copy of another item's rendition goes under `stem`: the same rendition name
 * (`1080.jpg`, `poster.jpg`), so a retried copy overwrites what an interrupted one wrote. Both the
 * api (naming the copy's renditions on its row) and the worker (copying the objects) derive it here.
 */
export function copiedRenditionKey(stem: string, sourceKey: string): string {
  const name = sourceKey.slice(sourceKey.lastIndexOf('/') + 1);
  return `${stem}-${name.slice(name.lastIndexOf('-') + 1)}`;
}
