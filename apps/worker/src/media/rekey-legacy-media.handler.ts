import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  mediaKeyPrefix,
  OBJECT_KEYS_PER_JOB,
  type MediaKind,
  type MediaVariants,
  type PostKind,
  type PostMediaVariants,
} from '@datebook/contracts';
import {
  LegacyPostMediaRepository,
  MediaUploadsRepository,
  OutboxRepository,
  PostMediaRepository,
  ProfilesRepository,
  type LegacyPostMediaRow,
  type UploadRow,
} from '@datebook/db';
import { newObjectToken, ObjectStorage } from '@datebook/server';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

const BATCH = 50;

/** Where a legacy object moves: the same rendition name (`640.jpg`, `video.mp4`) under a fresh stem. */
const movedKey = (stem: string, legacyKey: string): string =>
  `${stem}-${legacyKey.slice(legacyKey.lastIndexOf('-') + 1)}`;

/**
 * Moves ready media written before keys carried a random token (`{userId}/{kind}-media/{id}-640.jpg`,
 * which anyone could derive) to `{userId}/{kind}-media/{token}-640.jpg`. Per item: copy the objects,
 * then in one transaction point the rows at the copies (only while they still name the old keys) and
 * queue the old keys' deletion through the outbox, so a crash leaves either the old item untouched
 * or the new one with its old objects on their way out. A rerun finds nothing left to move.
 */
@Injectable()
export class RekeyLegacyMediaHandler implements JobHandler<'media.rekey-legacy'> {
  readonly job = 'media.rekey-legacy' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly postMedia: PostMediaRepository,
    private readonly legacy: LegacyPostMediaRepository,
    private readonly uploads: MediaUploadsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly outbox: OutboxRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async handle(): Promise<JobResult> {
    let after: string | null = null;
    for (;;) {
      const rows = await this.legacy.findLegacyReady(after, BATCH);
      for (const row of rows) {
        await this.movePostMedia(row);
      }
      if (rows.length < BATCH) {
        break;
      }
      after = rows[rows.length - 1]!.id;
    }
    let afterUpload: string | null = null;
    for (;;) {
      const avatars = await this.uploads.findLegacyAvatars(afterUpload, BATCH);
      for (const avatar of avatars) {
        await this.moveAvatar(avatar);
      }
      if (avatars.length < BATCH) {
        break;
      }
      afterUpload = avatars[avatars.length - 1]!.id;
    }
    return done();
  }

  private async movePostMedia(row: LegacyPostMediaRow): Promise<void> {
    const [kind, postId]: [PostKind, string] = row.activity_id
      ? ['activity', row.activity_id]
      : ['date', row.date_id!];
    const stem = this.newStem(row.user_id, kind);
    const move = (key: string) => movedKey(stem, key);
    const variants: PostMediaVariants = {
      ...row.variants,
      key: move(row.variants.key),
      images: row.variants.images.map((image) => ({ ...image, key: move(image.key) })),
      poster: row.variants.poster && { ...row.variants.poster, key: move(row.variants.poster.key) },
    };
    // A video's storage_key is its copy, an object to move; a photo's names its long-gone original.
    const storageKey = row.storage_key === row.display_key ? move(row.storage_key) : row.storage_key;
    const legacyKeys = [row.variants.key, ...row.variants.images.map((image) => image.key)];
    if (row.variants.poster) {
      legacyKeys.push(row.variants.poster.key);
    }
    await this.copyAll(legacyKeys, move);
    const moved = await this.dataSource.transaction(async (tx) => {
      const postMedia = this.postMedia.in(tx);
      const displayKey = move(row.display_key);
      if (
        !(await this.legacy.in(tx).moveKeys(row.id, row.display_key, { displayKey, storageKey, variants }))
      ) {
        return false;
      }
      if (row.upload_id) {
        await this.uploads.in(tx).moveVariants(row.upload_id, row.variants.key, variants);
      }
      await postMedia.refreshPostKeys(kind, postId);
      await this.forget(tx, legacyKeys);
      return true;
    });
    if (!moved) {
      await this.deleteAll(legacyKeys.map(move));
    }
  }

  private async moveAvatar(upload: UploadRow): Promise<void> {
    const current = upload.variants as MediaVariants;
    const stem = this.newStem(upload.user_id, 'avatar');
    const move = (key: string) => movedKey(stem, key);
    const variants: MediaVariants = {
      ...current,
      key: move(current.key),
      images: current.images.map((image) => ({ ...image, key: move(image.key) })),
    };
    const legacyKeys = current.images.map((image) => image.key);
    await this.copyAll(legacyKeys, move);
    const moved = await this.dataSource.transaction(async (tx) => {
      if (!(await this.uploads.in(tx).moveVariants(upload.id, current.key, variants))) {
        return false;
      }
      await this.profiles.in(tx).moveAvatarKey(upload.user_id, current.key, variants.key);
      await this.forget(tx, legacyKeys);
      return true;
    });
    if (!moved) {
      await this.deleteAll(legacyKeys.map(move));
    }
  }

  private newStem(userId: string, kind: MediaKind): string {
    return `${mediaKeyPrefix(userId, kind)}${newObjectToken()}`;
  }

  /** A legacy object already gone is skipped: its row then names a missing object either way. */
  private async copyAll(keys: string[], move: (key: string) => string): Promise<void> {
    await Promise.all([...new Set(keys)].map((key) => this.storage.copy(key, move(key))));
  }

  private async deleteAll(keys: string[]): Promise<void> {
    await Promise.all([...new Set(keys)].map((key) => this.storage.delete(key)));
  }

  /** The old objects go by a job the same commit queues, so a crash cannot strand them. */
  private async forget(tx: EntityManager, keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    const outbox = this.outbox.in(tx);
    for (let at = 0; at < unique.length; at += OBJECT_KEYS_PER_JOB) {
      await outbox.add('media.rekeyed', { keys: unique.slice(at, at + OBJECT_KEYS_PER_JOB) });
    }
  }
}
