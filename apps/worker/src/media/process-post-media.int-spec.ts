import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToRGBA } from 'thumbhash';
import { DataSource } from 'typeorm';
import {
  MAX_IMAGE_BYTES,
  mediaKeyPrefix,
  mediaMessages,
  postMediaVariantsSchema,
  postMessages,
} from '@datebook/contracts';
import { ObjectStorage, originalKey, RealtimePublisher, renditionKey, renditionStem } from '@datebook/server';
import { useTestWorker } from '../testing';
import { DeleteObjectsHandler } from './delete-objects.handler';
import { GREEN, rotatedJpeg, textFile, transparentPng, truncatedJpeg } from './fixtures/image-fixtures';
import { ProcessPostMediaHandler } from './process-post-media.handler';

/**
 * Two seconds of ffmpeg's test pattern, 320×240, with a tone, made fresh so the fixture is
 * reviewable as code. `options` go before the output, to tag it as a phone would.
 */
async function testVideo(options: string[] = []): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'datebook-fixture-'));
  try {
    const file = join(dir, 'clip.mp4');
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-pix_fmt',
      'yuv420p',
      ...options,
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Probe {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
}

async function probe(bytes: Buffer): Promise<Probe> {
  const dir = await mkdtemp(join(tmpdir(), 'datebook-probe-'));
  try {
    const file = join(dir, 'clip');
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_format',
      '-show_streams',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(stdout) as Probe;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('media.process-post-media', () => {
  let handler: ProcessPostMediaHandler;
  let db: DataSource;
  let storage: ObjectStorage;
  let published: jest.SpiedFunction<RealtimePublisher['toUser']>;

  const worker = useTestWorker();
  beforeAll(() => {
    handler = worker.get(ProcessPostMediaHandler);
    db = worker.get(DataSource);
    storage = worker.get(ObjectStorage);
    published = jest.spyOn(worker.get(RealtimePublisher), 'toUser');
  });
  beforeEach(() => published.mockClear());

  /** An activity with one media row, as publishing leaves it: processing, the original stored. */
  async function publishedMedia(
    bytes: Buffer,
    type: 'photo' | 'video',
    fileName: string,
    contentType: string,
  ) {
    const { id: userId } = await worker.data.newMember();
    const key = originalKey(userId, 'activity', fileName);
    await storage.put(key, bytes, contentType);
    const uploadId = await worker.data.newMediaUpload(userId, {
      storageKey: key,
      contentType,
      size: bytes.length,
    });
    const postId = await worker.data.newActivity(userId, { title: 'Post' });
    const mediaId = await worker.data.newPostMedia({
      userId,
      activityId: postId,
      mediaType: type,
      storageKey: key,
      status: 'processing',
      uploadId,
    });
    return { userId, key, uploadId, postId, mediaId };
  }

  const row = async (mediaId: string) =>
    (
      await db.query<
        Array<{
          status: string;
          failure_reason: string | null;
          variants: unknown;
          display_key: string;
          width: number | null;
          height: number | null;
          duration_ms: number | null;
          thumbhash: string | null;
          image_keys: string[];
          video_keys: string[];
          upload_status: string;
        }>
      >(
        `SELECT m.status, m.failure_reason, m.variants, m.display_key, m.width, m.height, m.duration_ms,
                m.thumbhash, a.image_keys, a.video_keys, u.status AS upload_status
           FROM post_media m JOIN activities a ON a.id = m.activity_id JOIN media_uploads u ON u.id = m.upload_id
          WHERE m.id = $1`,
        [mediaId],
      )
    )[0]!;

  /** The picture a stored ThumbHash stands for, as the web decodes it. */
  const decodeThumbHash = (hash: string | null) => {
    expect(hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(hash!, 'base64');
    return { ...thumbHashToRGBA(bytes), aspect: thumbHashToApproximateAspectRatio(bytes) };
  };

  /** Reads an object the way a browser does: through the signed URL the api would hand out. */
  const download = async (key: string) =>
    Buffer.from(await (await fetch(storage.readUrl(key))).arrayBuffer());

  /** Where the worker writes a rendition of the post's original (its token, then the name). */
  const renditionOf = (post: { userId: string; key: string }, name: string, extension?: string) =>
    renditionKey(renditionStem(post.userId, 'activity', post.key), name, extension);

  it('turns a transparent PNG into white-backed WebPs and JPEGs of 320, 640 and 1080 px (never enlarged) and a placeholder', async () => {
    const post = await publishedMedia(await transparentPng(), 'photo', 'shot.png', 'image/png');
    await handler.handle({ postMediaId: post.mediaId });

    const state = await row(post.mediaId);
    const variants = postMediaVariantsSchema.parse(state.variants);
    // The source is 800×600: the 1080 renditions stay 800 wide, aspect kept.
    expect(variants.images.map((i) => [i.type, i.size, i.width, i.height])).toEqual([
      ['image/webp', 320, 320, 240],
      ['image/webp', 640, 640, 480],
      ['image/webp', 1080, 800, 600],
      ['image/jpeg', 320, 320, 240],
      ['image/jpeg', 640, 640, 480],
      ['image/jpeg', 1080, 800, 600],
    ]);
    for (const image of variants.images) {
      const extension = image.type === 'image/webp' ? 'webp' : 'jpg';
      expect(image.key).toBe(renditionOf(post, String(image.size), extension));
      // Nothing at the address ids would give away (issue 10): a random token names every object.
      expect(image.key).toMatch(/\/activity-media\/[A-Za-z0-9_-]{22}-\d+\.(jpg|webp)$/);
      const derivable = `${mediaKeyPrefix(post.userId, 'activity')}${post.mediaId}-${image.size}.${extension}`;
      expect(await storage.head(derivable)).toBeNull();
      // Stored with its own type, so the browser decodes what the `<source>` promised.
      expect((await storage.head(image.key))?.contentType).toBe(image.type);
    }
    expect(state).toMatchObject({ status: 'ready', upload_status: 'ready', width: 800, height: 600 });
    // The largest JPEG is the default: every browser shows it.
    expect(state.display_key).toBe(variants.images[5]!.key);
    expect(state.image_keys).toEqual([state.display_key]);
    expect(variants.placeholder).toMatch(/^data:image\/jpeg;base64,/);

    for (const [large, format] of [
      [await download(variants.images[4]!.key), 'jpeg'],
      [await download(variants.images[1]!.key), 'webp'],
    ] as const) {
      const metadata = await sharp(large).metadata();
      expect(metadata).toMatchObject({ format, width: 640, height: 480, hasAlpha: false });
      expect(metadata.exif).toBeUndefined();
      const { data, info } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
      const centre = (240 * info.width + 320) * info.channels;
      expect(Math.abs(data[centre + 1]! - GREEN.g)).toBeLessThan(24);
    }
    // Smaller files are why the WebPs exist.
    expect((await storage.head(variants.images[1]!.key))!.size).toBeLessThan(
      (await storage.head(variants.images[4]!.key))!.size,
    );

    expect(await storage.head(post.key)).toBeNull();
    expect(published.mock.calls).toEqual([
      [
        post.userId,
        'media.status',
        {
          uploadId: post.uploadId,
          kind: 'activity',
          status: 'ready',
          url: storage.readUrl(state.display_key),
          message: null,
          post: { kind: 'activity', postId: post.postId, postMediaId: post.mediaId },
        },
      ],
    ]);

    // Idempotent: a second run changes nothing and tells nobody.
    published.mockClear();
    await handler.handle({ postMediaId: post.mediaId });
    expect(await row(post.mediaId)).toEqual(state);
    expect(published).not.toHaveBeenCalled();
  });

  it('gives a photo the ThumbHash of the image as shown: its aspect and colours, turned upright', async () => {
    // Stored 900×600 red|blue with EXIF orientation 6: shown 600×900, red on top.
    const post = await publishedMedia(await rotatedJpeg(), 'photo', 'shot.jpg', 'image/jpeg');
    await handler.handle({ postMediaId: post.mediaId });

    const state = await row(post.mediaId);
    expect(state).toMatchObject({ status: 'ready', width: 600, height: 900 });
    // About 25 bytes: it rides along in every card.
    expect(Buffer.from(state.thumbhash!, 'base64').length).toBeLessThan(40);
    const { w, h, rgba, aspect } = decodeThumbHash(state.thumbhash);
    expect(Math.abs(aspect - 600 / 900)).toBeLessThan(0.1);
    expect(h).toBeGreaterThan(w);
    const pixel = (x: number, y: number) => rgba.subarray((y * w + x) * 4, (y * w + x) * 4 + 3);
    const [topRed, , topBlue] = pixel(Math.floor(w / 2), 1);
    const [bottomRed, , bottomBlue] = pixel(Math.floor(w / 2), h - 2);
    expect(topRed!).toBeGreaterThan(topBlue! + 60);
    expect(bottomBlue!).toBeGreaterThan(bottomRed! + 60);
  });

  it('reads a video’s facts and writes its poster frame', async () => {
    const post = await publishedMedia(await testVideo(), 'video', 'clip.mp4', 'video/mp4');
    await handler.handle({ postMediaId: post.mediaId });

    const state = await row(post.mediaId);
    const variants = postMediaVariantsSchema.parse(state.variants);
    const copy = renditionOf(post, 'video', 'mp4');
    expect(state).toMatchObject({ status: 'ready', width: 320, height: 240, display_key: copy });
    expect(state.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(state.duration_ms).toBeLessThanOrEqual(2100);
    expect(state.video_keys).toEqual([copy]);
    expect(variants.poster).toMatchObject({
      key: renditionOf(post, 'poster'),
      width: 640,
      height: 480,
    });
    expect((await sharp(await download(variants.poster!.key)).metadata()).format).toBe('jpeg');
    // The poster's ThumbHash stands in for the video until its poster has loaded.
    // ThumbHash keeps the aspect only roughly (a few bits): landscape, near 4:3.
    const poster = decodeThumbHash(state.thumbhash);
    expect(poster.w).toBeGreaterThan(poster.h);
    expect(Math.abs(poster.aspect - 320 / 240)).toBeLessThan(0.1);
  });

  it('serves a copy of a video without its location, device and dates, and removes the original', async () => {
    const original = await testVideo([
      '-metadata',
      'location=+48.8566+002.3522/',
      '-metadata',
      'make=SecretPhone',
      '-metadata',
      'model=Model X',
      '-metadata',
      'title=Private',
      '-metadata',
      'creation_time=2024-05-01T10:00:00Z',
      '-movflags',
      'use_metadata_tags',
    ]);
    const before = await probe(original);
    expect(before.format.tags).toMatchObject({ location: '+48.8566+002.3522/', make: 'SecretPhone' });
    const post = await publishedMedia(original, 'video', 'clip.mp4', 'video/mp4');
    await handler.handle({ postMediaId: post.mediaId });

    const key = renditionOf(post, 'video', 'mp4');
    const state = await row(post.mediaId);
    expect(state).toMatchObject({ status: 'ready', display_key: key });
    expect(postMediaVariantsSchema.parse(state.variants).key).toBe(key);
    expect(await storage.head(key)).toMatchObject({ contentType: 'video/mp4' });
    const after = await probe(await storage.get(key));
    const tags = JSON.stringify(after.format.tags ?? {});
    for (const secret of ['48.8566', 'SecretPhone', 'Model X', 'Private', '2024-05-01']) {
      expect(tags).not.toContain(secret);
    }
    expect(after.format.format_name).toBe(before.format.format_name);
    expect(Number(after.format.duration)).toBeCloseTo(Number(before.format.duration), 1);
    const streams = (p: Probe) => p.streams.map((s) => [s.codec_type, s.codec_name, s.width, s.height]);
    expect(streams(after)).toEqual(streams(before));
    expect(await storage.head(post.key)).toBeNull();
    // A post's delete removes the row's storage_key with the variants' keys: it must be the copy.
    const [{ storage_key }] = await db.query<[{ storage_key: string }]>(
      'SELECT storage_key FROM post_media WHERE id = $1',
      [post.mediaId],
    );
    expect(storage_key).toBe(key);

    // Idempotent: a second run changes nothing, keeps the copy and tells nobody.
    published.mockClear();
    await handler.handle({ postMediaId: post.mediaId });
    expect(await row(post.mediaId)).toEqual(state);
    expect(await storage.head(key)).not.toBeNull();
    expect(published).not.toHaveBeenCalled();
  });

  it('reports a rerun of processed media as skipped, with the reason', async () => {
    const post = await publishedMedia(await transparentPng(), 'photo', 'shot.png', 'image/png');
    await expect(handler.handle({ postMediaId: post.mediaId })).resolves.toEqual({ outcome: 'done' });
    await expect(handler.handle({ postMediaId: post.mediaId })).resolves.toEqual({
      outcome: 'skipped',
      reason: 'already processed',
    });
  });

  it('finishes removing a video’s original when an earlier run stopped short of it', async () => {
    const post = await publishedMedia(await testVideo(), 'video', 'clip.mp4', 'video/mp4');
    await handler.handle({ postMediaId: post.mediaId });
    await storage.put(post.key, 'left over', 'video/mp4');

    await handler.handle({ postMediaId: post.mediaId });
    expect(await storage.head(post.key)).toBeNull();
    expect(await storage.head(renditionOf(post, 'video', 'mp4'))).not.toBeNull();
  });

  it.each([
    ['a QuickTime movie', ['-f', 'mov'], 'video/quicktime', 'mov'],
    ['a WebM clip', ['-c:v', 'libvpx', '-c:a', 'libopus', '-f', 'webm'], 'video/webm', 'webm'],
  ] as const)('keeps %s in its container', async (_name, options, contentType, extension) => {
    const post = await publishedMedia(await testVideo([...options]), 'video', 'clip', contentType);
    await handler.handle({ postMediaId: post.mediaId });

    const key = renditionOf(post, 'video', extension);
    expect(await row(post.mediaId)).toMatchObject({ status: 'ready', display_key: key });
    expect(await storage.head(key)).toMatchObject({ contentType });
    expect((await probe(await storage.get(key))).streams.map((s) => s.codec_type)).toEqual([
      'video',
      'audio',
    ]);
  });

  it('marks a video that ffprobe reads but that cannot be copied into its container failed', async () => {
    // Matroska is served as WebM, which cannot hold H.264.
    const post = await publishedMedia(await testVideo(['-f', 'matroska']), 'video', 'a.webm', 'video/webm');
    await handler.handle({ postMediaId: post.mediaId });
    expect(await row(post.mediaId)).toMatchObject({
      status: 'failed',
      failure_reason: postMessages.videoUnreadable,
      video_keys: [],
    });
    expect(await storage.head(renditionOf(post, 'video', 'webm'))).toBeNull();
    expect(await storage.head(post.key)).toBeNull();
  });

  it('refuses a playlist that would have ffmpeg read another file from the worker’s disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'datebook-fixture-'));
    try {
      const local = join(dir, 'local.ts');
      await writeFile(local, await testVideo(['-f', 'mpegts']));
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${local}\n#EXT-X-ENDLIST\n`;
      const post = await publishedMedia(Buffer.from(playlist), 'video', 'a.mp4', 'video/mp4');
      await handler.handle({ postMediaId: post.mediaId });
      expect(await row(post.mediaId)).toMatchObject({
        status: 'failed',
        failure_reason: postMessages.videoUnreadable,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('checks the size of the bytes read, which may differ from what the object first reported', async () => {
    const post = await publishedMedia(await transparentPng(), 'photo', 'shot.png', 'image/png');
    const get = jest.spyOn(storage, 'get').mockResolvedValueOnce(Buffer.alloc(MAX_IMAGE_BYTES + 1));
    try {
      await handler.handle({ postMediaId: post.mediaId });
      // It never asks the store for more than one byte past the limit.
      expect(get).toHaveBeenCalledWith(expect.any(String), MAX_IMAGE_BYTES);
    } finally {
      get.mockRestore();
    }
    expect(await row(post.mediaId)).toMatchObject({
      status: 'failed',
      failure_reason: mediaMessages.imageTooLarge,
    });
  });

  it('reads an object only up to one byte past the limit asked for', async () => {
    const key = `reads/${Date.now()}-bytes.bin`;
    await storage.put(key, Buffer.alloc(100, 7), 'application/octet-stream');
    expect((await storage.get(key, 10)).length).toBe(11);
    expect((await storage.get(key, 1000)).length).toBe(100);
    expect((await storage.get(key)).length).toBe(100);
    await storage.put(key, Buffer.alloc(0), 'application/octet-stream');
    expect((await storage.get(key, 10)).length).toBe(0);
    await storage.delete(key);
  });

  it.each([
    ['a truncated JPEG', () => truncatedJpeg(), 'photo', mediaMessages.notAnImage],
    ['a text file named .jpg', () => Promise.resolve(textFile()), 'photo', mediaMessages.notAnImage],
    ['a text file named .mp4', () => Promise.resolve(textFile()), 'video', postMessages.videoUnreadable],
  ] as const)('marks %s failed with a message, keeping the post', async (_name, fixture, type, message) => {
    const post = await publishedMedia(
      await fixture(),
      type,
      type === 'photo' ? 'a.jpg' : 'a.mp4',
      'image/jpeg',
    );
    await expect(handler.handle({ postMediaId: post.mediaId })).resolves.toEqual({ outcome: 'done' });
    expect(await row(post.mediaId)).toMatchObject({
      status: 'failed',
      failure_reason: message,
      upload_status: 'failed',
      image_keys: [],
      video_keys: [],
    });
    expect(published.mock.calls).toEqual([
      [post.userId, 'media.status', expect.objectContaining({ status: 'failed', message, url: null })],
    ]);
  });

  it('removes what it wrote when the post was deleted while it ran, and deletes listed objects', async () => {
    const post = await publishedMedia(await transparentPng(), 'photo', 'shot.png', 'image/png');
    const put = jest.spyOn(storage, 'put').mockImplementationOnce(async (...args) => {
      await db.query('DELETE FROM activities WHERE id = $1', [post.postId]);
      return ObjectStorage.prototype.put.apply(storage, args);
    });
    try {
      await handler.handle({ postMediaId: post.mediaId });
    } finally {
      put.mockRestore();
    }
    expect(await storage.head(renditionOf(post, '640'))).toBeNull();
    expect(await storage.head(renditionOf(post, '640', 'webp'))).toBeNull();
    expect(await storage.head(post.key)).toBeNull();
    expect(published).not.toHaveBeenCalled();

    const leftover = `${mediaKeyPrefix(post.userId, 'activity')}leftover.jpg`;
    await storage.put(leftover, 'x', 'image/jpeg');
    await worker.get(DeleteObjectsHandler).handle({ keys: [leftover, `${leftover}-missing`] });
    expect(await storage.head(leftover)).toBeNull();
  });
});
