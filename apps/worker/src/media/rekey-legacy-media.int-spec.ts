import { DataSource } from 'typeorm';
import { mediaKeyPrefix, type MediaVariants, type PostMediaVariants } from '@datebook/contracts';
import { JobQueues, ObjectStorage } from '@datebook/server';
import { waitFor } from '@datebook/server/testing';
import { startTestWorker, useTestWorker } from '../testing';
import { REKEY_LEGACY_JOB_ID } from './legacy-media-rekey.starter';
import { RekeyLegacyMediaHandler } from './rekey-legacy-media.handler';

const TOKENED = (prefix: string, name: string) =>
  new RegExp(`^${prefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]{22}-${name.replace('.', '\\.')}$`);

describe('media.rekey-legacy', () => {
  let handler: RekeyLegacyMediaHandler;
  let db: DataSource;
  let storage: ObjectStorage;

  const worker = useTestWorker();
  beforeAll(() => {
    handler = worker.get(RekeyLegacyMediaHandler);
    db = worker.get(DataSource);
    storage = worker.get(ObjectStorage);
  });

  const newMember = async () => (await worker.data.newMember()).id;

  /** A photo processed before issue 10: its renditions at `{userId}/activity-media/{mediaId}-{size}.jpg`. */
  async function legacyPhoto(userId: string) {
    const postId = await worker.data.newActivity(userId, { title: 'Old post' });
    const prefix = mediaKeyPrefix(userId, 'activity');
    const original = `${prefix}1763800000000-old.jpg`;
    const uploadId = await worker.data.newMediaUpload(userId, {
      storageKey: original,
      size: 10,
      status: 'ready',
    });
    const mediaId = await worker.data.newPostMedia({
      userId,
      activityId: postId,
      storageKey: original,
      status: 'ready',
      uploadId,
    });
    const images = [320, 640, 1080].map((size) => ({
      size,
      key: `${prefix}${mediaId}-${size}.jpg`,
      width: size,
      height: size,
    }));
    const variants: PostMediaVariants = { key: images[2]!.key, images, placeholder: 'data:,', poster: null };
    for (const image of images) {
      await storage.put(image.key, `bytes of ${image.size}`, 'image/jpeg');
    }
    await db.query(`UPDATE post_media SET display_key = $2, variants = $3 WHERE id = $1`, [
      mediaId,
      variants.key,
      JSON.stringify(variants),
    ]);
    await db.query(`UPDATE media_uploads SET variants = $2 WHERE id = $1`, [
      uploadId,
      JSON.stringify(variants),
    ]);
    await db.query(`UPDATE activities SET image_keys = ARRAY[$2] WHERE id = $1`, [postId, variants.key]);
    return { postId, mediaId, uploadId, images, prefix };
  }

  /** An avatar processed before issue 10: `{userId}/avatar-media/{uploadId}-{size}.jpg`. */
  async function legacyAvatar(userId: string) {
    const prefix = mediaKeyPrefix(userId, 'avatar');
    const uploadId = await worker.data.newMediaUpload(userId, {
      kind: 'avatar',
      storageKey: `${prefix}1763800000000-me.jpg`,
      size: 10,
      status: 'ready',
    });
    const images = [512, 256, 128].map((size) => ({
      size,
      key: `${prefix}${uploadId}-${size}.jpg`,
      width: size,
      height: size,
    }));
    const variants: MediaVariants = { key: images[1]!.key, images, placeholder: 'data:,' };
    for (const image of images) {
      await storage.put(image.key, `avatar ${image.size}`, 'image/jpeg');
    }
    await db.query(`UPDATE media_uploads SET variants = $2 WHERE id = $1`, [
      uploadId,
      JSON.stringify(variants),
    ]);
    await db.query(`UPDATE profiles SET avatar_key = $2 WHERE id = $1`, [userId, variants.key]);
    return { uploadId, images, prefix };
  }

  const postState = async (mediaId: string) =>
    (
      await db.query<
        Array<{
          display_key: string;
          variants: PostMediaVariants;
          upload_variants: unknown;
          image_keys: string[];
        }>
      >(
        `SELECT m.display_key, m.variants, u.variants AS upload_variants, a.image_keys
           FROM post_media m JOIN activities a ON a.id = m.activity_id JOIN media_uploads u ON u.id = m.upload_id
          WHERE m.id = $1`,
        [mediaId],
      )
    )[0]!;

  const avatarState = async (userId: string, uploadId: string) =>
    (
      await db.query<Array<{ avatar_key: string; variants: MediaVariants }>>(
        `SELECT p.avatar_key, u.variants FROM profiles p JOIN media_uploads u ON u.user_id = p.id
          WHERE p.id = $1 AND u.id = $2`,
        [userId, uploadId],
      )
    )[0]!;

  const rekeyedEvents = async () =>
    (
      await db.query<[{ n: number }]>(
        `SELECT count(*)::int AS n FROM outbox WHERE event_type = 'media.rekeyed'`,
      )
    )[0].n;

  it('moves legacy objects to random keys, points every row at them, and removes the old ones', async () => {
    const userId = await newMember();
    const photo = await legacyPhoto(userId);
    const avatar = await legacyAvatar(userId);

    await expect(handler.handle()).resolves.toEqual({ outcome: 'done' });

    const post = await postState(photo.mediaId);
    expect(post.display_key).toMatch(TOKENED(photo.prefix, '1080.jpg'));
    expect(post.variants.images.map((image) => image.key)).toEqual([
      expect.stringMatching(TOKENED(photo.prefix, '320.jpg')),
      expect.stringMatching(TOKENED(photo.prefix, '640.jpg')),
      post.display_key,
    ]);
    expect(post.upload_variants).toEqual(post.variants);
    expect(post.image_keys).toEqual([post.display_key]);
    for (const image of post.variants.images) {
      expect((await storage.get(image.key)).toString()).toBe(`bytes of ${image.size}`);
    }

    const profile = await avatarState(userId, avatar.uploadId);
    expect(profile.avatar_key).toMatch(TOKENED(avatar.prefix, '256.jpg'));
    expect(profile.variants.key).toBe(profile.avatar_key);
    for (const image of profile.variants.images) {
      expect(image.key).toMatch(TOKENED(avatar.prefix, `${image.size}.jpg`));
      expect((await storage.get(image.key)).toString()).toBe(`avatar ${image.size}`);
    }

    // The outbox relay hands the old keys to media.delete-objects in this same worker.
    const legacyKeys = [...photo.images, ...avatar.images].map((image) => image.key);
    await waitFor(
      'the legacy objects to be deleted',
      () => Promise.all(legacyKeys.map((key) => storage.head(key))),
      (heads) => heads.every((head) => head === null),
    );
  });

  it('is queued once as workers boot, however many start', async () => {
    const second = await startTestWorker(worker.env.config);
    try {
      const queue = worker.get(JobQueues).queue('housekeeping');
      const queued = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
      expect(queued.filter((job) => job.name === 'media.rekey-legacy').map((job) => job.id)).toEqual([
        REKEY_LEGACY_JOB_ID,
      ]);
    } finally {
      await second.close();
    }
  });

  it('does nothing when run again', async () => {
    const userId = await newMember();
    const photo = await legacyPhoto(userId);
    const avatar = await legacyAvatar(userId);
    await handler.handle();
    const post = await postState(photo.mediaId);
    const profile = await avatarState(userId, avatar.uploadId);
    const events = await rekeyedEvents();

    await expect(handler.handle()).resolves.toEqual({ outcome: 'done' });
    expect(await postState(photo.mediaId)).toEqual(post);
    expect(await avatarState(userId, avatar.uploadId)).toEqual(profile);
    expect(await rekeyedEvents()).toBe(events);
  });
});
