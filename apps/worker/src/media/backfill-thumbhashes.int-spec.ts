import sharp from 'sharp';
import { thumbHashToAverageRGBA } from 'thumbhash';
import { DataSource } from 'typeorm';
import { mediaKeyPrefix, type PostMediaVariants } from '@datebook/contracts';
import { JobQueues, ObjectStorage } from '@datebook/server';
import { waitFor } from '@datebook/server/testing';
import { startTestWorker, useTestWorker } from '../testing';
import { BackfillThumbHashesHandler } from './backfill-thumbhashes.handler';
import { BLUE, RED } from './fixtures/image-fixtures';
import { BACKFILL_THUMBHASHES_JOB_ID } from './thumbhash-backfill.starter';

describe('media.backfill-thumbhashes', () => {
  let handler: BackfillThumbHashesHandler;
  let db: DataSource;
  let storage: ObjectStorage;

  const worker = useTestWorker();
  beforeAll(async () => {
    handler = worker.get(BackfillThumbHashesHandler);
    db = worker.get(DataSource);
    storage = worker.get(ObjectStorage);
    // The job this worker queued as it booted runs first (on no rows), so the tests' runs are theirs.
    const queue = worker.get(JobQueues).queue('housekeeping');
    await waitFor(
      'the boot job to finish',
      async () => (await queue.getJob(BACKFILL_THUMBHASHES_JOB_ID))?.finishedOn,
      Boolean,
    );
  });

  const solid = (colour: { r: number; g: number; b: number }, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  /**
   * A ready item as processing left it before ThumbHashes: its renditions (or a video's poster) in
   * storage, no thumbhash. The 320 rendition is `narrow`, the others are blue, so a ThumbHash made
   * from anything but the narrowest would show.
   */
  async function processedBefore(
    type: 'photo' | 'video',
    narrow: { r: number; g: number; b: number },
    store = true,
  ) {
    const { id: userId } = await worker.data.newMember();
    const activityId = await worker.data.newActivity(userId, { title: 'Old post' });
    const stem = `${mediaKeyPrefix(userId, 'activity')}${Math.random().toString(36).slice(2)}`;
    let variants: PostMediaVariants;
    if (type === 'photo') {
      const images = [320, 640].map((size) => ({
        size,
        key: `${stem}-${size}.jpg`,
        width: size,
        height: size / 2,
      }));
      if (store) {
        await storage.put(images[0]!.key, await solid(narrow, 320, 160), 'image/jpeg');
        await storage.put(images[1]!.key, await solid(BLUE, 640, 320), 'image/jpeg');
      }
      variants = { key: images[1]!.key, images, placeholder: 'data:,', poster: null };
    } else {
      const poster = { key: `${stem}-poster.jpg`, width: 640, height: 360 };
      if (store) {
        await storage.put(poster.key, await solid(narrow, 640, 360), 'image/jpeg');
      }
      variants = { key: `${stem}-video.mp4`, images: [], placeholder: 'data:,', poster };
    }
    const mediaId = await worker.data.newPostMedia({
      userId,
      activityId,
      mediaType: type,
      status: 'ready',
      displayKey: variants.key,
      variants,
    });
    return mediaId;
  }

  const thumbHashOf = async (mediaId: string) =>
    (
      await db.query<[{ thumbhash: string | null }]>('SELECT thumbhash FROM post_media WHERE id = $1', [
        mediaId,
      ])
    )[0].thumbhash;

  const averageOf = (hash: string) => {
    const { r, g, b } = thumbHashToAverageRGBA(Buffer.from(hash, 'base64'));
    return { r: Math.round(r * 255), g: Math.round(g * 255), b: Math.round(b * 255) };
  };

  it('gives ready photos and videos processed earlier a ThumbHash from their smallest stored image', async () => {
    const photo = await processedBefore('photo', RED);
    const video = await processedBefore('video', RED);
    const processing = await worker.data.newPostMedia({
      userId: (await worker.data.newMember()).id,
      activityId: await worker.data.newActivity((await worker.data.newMember()).id),
      status: 'processing',
    });

    await expect(handler.handle()).resolves.toEqual({ outcome: 'done' });

    for (const mediaId of [photo, video]) {
      const hash = await thumbHashOf(mediaId);
      expect(hash).not.toBeNull();
      // Red, from the 320 rendition or the poster: not the blue 640.
      const average = averageOf(hash!);
      expect(average.r).toBeGreaterThan(200);
      expect(average.b).toBeLessThan(60);
    }
    // Still processing: the processing itself computes it.
    expect(await thumbHashOf(processing)).toBeNull();

    // A rerun finds nothing left.
    await expect(handler.handle()).resolves.toEqual({
      outcome: 'skipped',
      reason: 'no media without a ThumbHash',
    });
  });

  it('passes over an item whose image is gone and fills in the rest', async () => {
    const gone = await processedBefore('photo', RED, false);
    const fine = await processedBefore('photo', RED);

    await expect(handler.handle()).resolves.toEqual({ outcome: 'done' });

    expect(await thumbHashOf(gone)).toBeNull();
    expect(await thumbHashOf(fine)).not.toBeNull();
  });

  it('never replaces a ThumbHash that processing recorded meanwhile', async () => {
    const mediaId = await processedBefore('photo', RED);
    await db.query(`UPDATE post_media SET thumbhash = 'kept' WHERE id = $1`, [mediaId]);

    await handler.handle();

    expect(await thumbHashOf(mediaId)).toBe('kept');
  });

  it('is queued as each worker boots, once, and run by the housekeeping queue', async () => {
    const queue = worker.get(JobQueues).queue('housekeeping');
    const queued = async () =>
      (await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']))
        .filter((job) => job.name === 'media.backfill-thumbhashes')
        .map((job) => job.id);
    // This file's worker queued it as it booted (and found nothing then).
    expect(await queued()).toEqual([BACKFILL_THUMBHASHES_JOB_ID]);

    // The first boot after the release: the job is not kept from an earlier one.
    await (await queue.getJob(BACKFILL_THUMBHASHES_JOB_ID))?.remove();
    const mediaId = await processedBefore('video', RED);
    const booted = await startTestWorker(worker.env.config);
    try {
      await waitFor(
        'the backfill',
        () => thumbHashOf(mediaId),
        (hash) => hash !== null,
      );
      expect(await queued()).toEqual([BACKFILL_THUMBHASHES_JOB_ID]);
    } finally {
      await booted.close();
    }
  });
});
