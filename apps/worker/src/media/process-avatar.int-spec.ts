import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { MAX_IMAGE_BYTES, mediaKeyPrefix, mediaMessages, mediaVariantsSchema } from '@datebook/contracts';
import {
  ObjectStorage,
  originalKey,
  RealtimePublisher,
  renditionKey,
  renditionStem,
  type AppConfig,
} from '@datebook/server';
import { testS3Client, waitFor } from '@datebook/server/testing';
import { useTestWorker } from '../testing';
import {
  BLUE,
  GREEN,
  largePng,
  RED,
  rotatedJpeg,
  textFile,
  transparentPng,
  truncatedJpeg,
} from './fixtures/image-fixtures';
import { ProcessAvatarHandler } from './process-avatar.handler';

const PIXEL_LIMIT = 1_000_000;

describe('media.process-avatar', () => {
  let config: AppConfig;
  let handler: ProcessAvatarHandler;
  let db: DataSource;
  let storage: ObjectStorage;
  let s3: S3Client;
  let published: jest.SpiedFunction<RealtimePublisher['toUser']>;

  const worker = useTestWorker({ IMAGE_MAX_INPUT_PIXELS: String(PIXEL_LIMIT) });
  beforeAll(() => {
    config = worker.env.config;
    handler = worker.get(ProcessAvatarHandler);
    db = worker.get(DataSource);
    storage = worker.get(ObjectStorage);
    s3 = testS3Client(config.s3);
    published = jest.spyOn(worker.get(RealtimePublisher), 'toUser');
  });
  afterAll(() => s3.destroy());
  beforeEach(() => published.mockClear());

  const newMember = async () => (await worker.data.newMember()).id;

  /** An avatar upload as the api leaves it once saved: the original stored, the row processing. */
  async function savedUpload(
    userId: string,
    bytes: Buffer,
    fileName = 'photo.jpg',
    contentType = 'image/jpeg',
  ) {
    const key = originalKey(userId, 'avatar', fileName);
    await storage.put(key, bytes, contentType);
    const id = await worker.data.newMediaUpload(userId, {
      kind: 'avatar',
      storageKey: key,
      contentType,
      size: bytes.length,
    });
    return { id, key };
  }

  /** Where the worker writes a rendition of the upload's original (its token, then the size). */
  const avatarVariantKey = (userId: string, upload: { key: string }, size: number) =>
    renditionKey(renditionStem(userId, 'avatar', upload.key), size);

  const run = (uploadId: string) => handler.handle({ uploadId });

  const state = async (uploadId: string, userId: string) =>
    (
      await db.query<
        Array<{ status: string; failure_reason: string | null; variants: unknown; avatar_key: string | null }>
      >(
        `SELECT u.status, u.failure_reason, u.variants, p.avatar_key
           FROM media_uploads u JOIN profiles p ON p.id = u.user_id WHERE u.id = $1 AND p.id = $2`,
        [uploadId, userId],
      )
    )[0]!;

  const keysUnder = async (prefix: string): Promise<string[]> => {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: config.s3.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  };

  const download = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    return Buffer.from(await response.arrayBuffer());
  };

  const pixel = async (image: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
  };
  const near = (actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }) =>
    Math.max(
      Math.abs(actual.r - expected.r),
      Math.abs(actual.g - expected.g),
      Math.abs(actual.b - expected.b),
    ) <= 24;

  it('orients a rotated JPEG, crops it square, strips its metadata and sets the avatar', async () => {
    const userId = await newMember();
    const original = await rotatedJpeg();
    expect(await sharp(original).metadata()).toMatchObject({ width: 900, height: 600, orientation: 6 });
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Sam Private');
    const upload = await savedUpload(userId, original);
    await run(upload.id);

    const row = await state(upload.id, userId);
    expect(row).toMatchObject({ status: 'ready', failure_reason: null });
    const variants = mediaVariantsSchema.parse(row.variants);
    expect(variants.images.map(({ size, width, height }) => [size, width, height])).toEqual([
      [512, 512, 512],
      [256, 256, 256],
      [128, 128, 128],
    ]);
    for (const image of variants.images) {
      expect(image.key).toBe(avatarVariantKey(userId, upload, image.size));
    }
    expect(row.avatar_key).toBe(avatarVariantKey(userId, upload, 256));
    expect(variants.key).toBe(row.avatar_key);
    expect(variants.placeholder).toMatch(/^data:image\/jpeg;base64,/);
    expect((await sharp(Buffer.from(variants.placeholder.split(',')[1]!, 'base64')).metadata()).width).toBe(
      16,
    );

    const large = await download(storage.readUrl(variants.images[0]!.key));
    const metadata = await sharp(large).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Upright, red is on top: top-right is red and bottom-left blue. Unrotated, top-right would be blue.
    expect(near(await pixel(large, 500, 10), RED)).toBe(true);
    expect(near(await pixel(large, 10, 500), BLUE)).toBe(true);

    // The original (with its EXIF) does not stay in the bucket.
    expect(await storage.head(upload.key)).toBeNull();
    expect(published.mock.calls).toEqual([
      [
        userId,
        'profile.updated',
        expect.objectContaining({ userId, avatarUrl: storage.readUrl(row.avatar_key) }),
      ],
      [
        userId,
        'media.status',
        {
          uploadId: upload.id,
          kind: 'avatar',
          status: 'ready',
          url: storage.readUrl(row.avatar_key),
          message: null,
        },
      ],
    ]);
  });

  it('flattens a transparent PNG onto white and writes a 512×512 JPEG without EXIF', async () => {
    const userId = await newMember();
    const upload = await savedUpload(userId, await transparentPng(), 'me.png', 'image/png');
    await run(upload.id);

    const variants = mediaVariantsSchema.parse((await state(upload.id, userId)).variants);
    const large = await download(storage.readUrl(variants.images[0]!.key));
    const metadata = await sharp(large).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 512, height: 512, hasAlpha: false });
    expect(metadata.exif).toBeUndefined();
    expect(await pixel(large, 5, 5)).toEqual({ r: 255, g: 255, b: 255 });
    expect(near(await pixel(large, 256, 256), GREEN)).toBe(true);
  });

  it.each([
    ['a truncated JPEG', () => truncatedJpeg(), mediaMessages.notAnImage],
    ['a text file named .jpg', () => Promise.resolve(textFile()), mediaMessages.notAnImage],
    ['an image with too many pixels', () => largePng(PIXEL_LIMIT), mediaMessages.tooManyPixels],
    // Replaced through the still-valid upload URL after the api checked it.
    [
      'a file over the size limit',
      () => Promise.resolve(Buffer.alloc(MAX_IMAGE_BYTES + 1)),
      mediaMessages.imageTooLarge,
    ],
  ])(
    'marks %s failed with a message for the owner, without failing the job',
    async (_name, fixture, message) => {
      const userId = await newMember();
      const upload = await savedUpload(userId, await fixture());
      await expect(run(upload.id)).resolves.toEqual({ outcome: 'done' });

      expect(await state(upload.id, userId)).toMatchObject({
        status: 'failed',
        failure_reason: message,
        avatar_key: null,
        variants: {},
      });
      expect(await keysUnder(mediaKeyPrefix(userId, 'avatar'))).toEqual([]);
      expect(published.mock.calls).toEqual([
        [
          userId,
          'media.status',
          { uploadId: upload.id, kind: 'avatar', status: 'failed', url: null, message },
        ],
      ]);
    },
  );

  it('checks the size of the bytes read, reading no more than one byte past the limit', async () => {
    const userId = await newMember();
    const upload = await savedUpload(userId, await rotatedJpeg());
    // Replaced by something larger between the size check and the read.
    const get = jest.spyOn(storage, 'get').mockResolvedValueOnce(Buffer.alloc(MAX_IMAGE_BYTES + 1));
    try {
      await run(upload.id);
      expect(get).toHaveBeenCalledWith(upload.key, MAX_IMAGE_BYTES);
    } finally {
      get.mockRestore();
    }
    expect(await state(upload.id, userId)).toMatchObject({
      status: 'failed',
      failure_reason: mediaMessages.imageTooLarge,
      avatar_key: null,
    });
  });

  it('marks an upload whose object has gone failed, asking for the file again', async () => {
    const userId = await newMember();
    const upload = await savedUpload(userId, await rotatedJpeg());
    await storage.delete(upload.key);
    await run(upload.id);
    expect(await state(upload.id, userId)).toMatchObject({
      status: 'failed',
      failure_reason: mediaMessages.uploadMissing,
    });
  });

  it('is idempotent: a second run, or a rerun after a crash, leaves one set of objects and the same avatar', async () => {
    const userId = await newMember();
    const original = await rotatedJpeg();
    const upload = await savedUpload(userId, original);
    await run(upload.id);
    const first = await state(upload.id, userId);
    const expectedKeys = [512, 256, 128].map((size) => avatarVariantKey(userId, upload, size)).sort();
    expect(await keysUnder(mediaKeyPrefix(userId, 'avatar'))).toEqual(expectedKeys);

    published.mockClear();
    await run(upload.id);
    expect(await state(upload.id, userId)).toEqual(first);
    expect(published).not.toHaveBeenCalled();

    // A run that died after writing the renditions but before committing: the retry overwrites them.
    await db.query(`UPDATE media_uploads SET status = 'processing' WHERE id = $1`, [upload.id]);
    await storage.put(upload.key, original, 'image/jpeg');
    await run(upload.id);
    expect(await keysUnder(mediaKeyPrefix(userId, 'avatar'))).toEqual(expectedKeys);
    expect((await state(upload.id, userId)).avatar_key).toBe(first.avatar_key);
  });

  it('reports what it did: done for the first run, skipped with the reason for a rerun or a missing upload', async () => {
    const userId = await newMember();
    const upload = await savedUpload(userId, await rotatedJpeg());
    await expect(run(upload.id)).resolves.toEqual({ outcome: 'done' });
    await expect(run(upload.id)).resolves.toEqual({ outcome: 'skipped', reason: 'already processed' });
    await expect(run(randomUUID())).resolves.toEqual({ outcome: 'skipped', reason: 'upload not found' });
  });

  it('forgets the avatar a newer one replaced: its row at once, its renditions by a job', async () => {
    const userId = await newMember();
    const first = await savedUpload(userId, await rotatedJpeg(), 'first.jpg');
    await run(first.id);
    const second = await savedUpload(userId, await transparentPng(), 'second.png', 'image/png');
    await run(second.id);

    const rows = await db.query<Array<{ id: string }>>(
      `SELECT id FROM media_uploads WHERE user_id = $1 AND kind = 'avatar'`,
      [userId],
    );
    expect(rows.map((row) => row.id)).toEqual([second.id]);
    const secondKeys = [512, 256, 128].map((size) => avatarVariantKey(userId, second, size)).sort();
    // The outbox relay hands the keys to media.delete-objects in this same worker.
    await waitFor(
      'the replaced renditions to be deleted',
      () => keysUnder(mediaKeyPrefix(userId, 'avatar')),
      (keys) => keys.join() === secondKeys.join(),
    );
    expect((await state(second.id, userId)).avatar_key).toBe(avatarVariantKey(userId, second, 256));
  });

  it('ignores an upload that is not (or no longer) waiting to be processed', async () => {
    const userId = await newMember();
    const upload = await savedUpload(userId, await rotatedJpeg());
    await db.query(`UPDATE media_uploads SET status = 'pending' WHERE id = $1`, [upload.id]);
    await run(upload.id);
    await run(randomUUID());
    expect(await state(upload.id, userId)).toMatchObject({ status: 'pending', avatar_key: null });
    expect(await storage.head(upload.key)).not.toBeNull();
    expect(published).not.toHaveBeenCalled();
  });

  it('throws when the object store fails, so the job is retried, and leaves the upload processing', async () => {
    const userId = await newMember();
    const upload = await savedUpload(userId, await rotatedJpeg());
    const head = jest
      .spyOn(storage, 'head')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:9'));
    try {
      await expect(run(upload.id)).rejects.toThrow();
    } finally {
      head.mockRestore();
    }
    expect(await state(upload.id, userId)).toMatchObject({ status: 'processing', avatar_key: null });
    expect(published).not.toHaveBeenCalled();
  });
});
