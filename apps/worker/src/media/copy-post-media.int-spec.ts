import { DataSource } from 'typeorm';
import { postMediaVariantsSchema, type PostMediaVariants } from '@datebook/contracts';
import { PostMediaCopiesRepository, PostMediaRepository } from '@datebook/db';
import {
  copiedRenditionKey,
  ObjectStorage,
  originalKey,
  RealtimePublisher,
  renditionStem,
} from '@datebook/server';
import { useTestWorker } from '../testing';
import { COPY_SOURCE_GONE, CopyPostMediaHandler } from './copy-post-media.handler';
import { DeleteObjectsHandler } from './delete-objects.handler';
import { rotatedJpeg } from './fixtures/image-fixtures';
import { ProcessPostMediaHandler } from './process-post-media.handler';

/*
 * A plan's recap copies the photos picked from its activities (issue 13, decision 43). The api makes
 * the Date's processing row (the publisher's, fresh keys, the source's sizes) and a
 * `post-media.copied` event; this is the worker's half, on real objects in S3.
 */
describe('media.copy-post-media', () => {
  let handler: CopyPostMediaHandler;
  let db: DataSource;
  let storage: ObjectStorage;
  let postMedia: PostMediaRepository;
  let published: jest.SpiedFunction<RealtimePublisher['toUser']>;

  const worker = useTestWorker();
  beforeAll(() => {
    handler = worker.get(CopyPostMediaHandler);
    db = worker.get(DataSource);
    storage = worker.get(ObjectStorage);
    postMedia = worker.get(PostMediaRepository);
    published = jest.spyOn(worker.get(RealtimePublisher), 'toUser');
  });
  beforeEach(() => published.mockClear());

  const newUser = async () => (await worker.data.newMember()).id;

  /** An activity's photo as publishing and processing leave it: ready, its renditions in S3. */
  async function activityPhoto() {
    const authorId = await newUser();
    const bytes = await rotatedJpeg();
    const key = originalKey(authorId, 'activity', 'shot.jpg');
    await storage.put(key, bytes, 'image/jpeg');
    const uploadId = await worker.data.newMediaUpload(authorId, { storageKey: key, size: bytes.length });
    const activityId = await worker.data.newActivity(authorId, { title: 'Kayaking' });
    const mediaId = await worker.data.newPostMedia({
      userId: authorId,
      activityId,
      storageKey: key,
      status: 'processing',
      uploadId,
    });
    await worker.get(ProcessPostMediaHandler).handle({ postMediaId: mediaId });
    const [source] = await db.query<
      Array<{
        variants: PostMediaVariants;
        width: number;
        height: number;
        placeholder: string;
        thumbhash: string;
      }>
    >('SELECT variants, width, height, placeholder, thumbhash FROM post_media WHERE id = $1', [mediaId]);
    const variants = postMediaVariantsSchema.parse(source!.variants);
    return { authorId, activityId, mediaId, ...source!, variants };
  }

  /**
   * A Date of another member with the photo's copy, as Date Completed makes it (PlanCompletion):
   * processing, under the publisher's own fresh token, naming the source's renditions by new keys.
   */
  async function copiedInto(source: Awaited<ReturnType<typeof activityPhoto>>) {
    const publisherId = await newUser();
    const dateId = await worker.data.newDate(publisherId, { title: 'Our date' });
    const storageKey = originalKey(publisherId, 'date', 'photo.jpg');
    const stem = renditionStem(publisherId, 'date', storageKey);
    const to = (key: string) => copiedRenditionKey(stem, key);
    const variants: PostMediaVariants = {
      ...source.variants,
      key: to(source.variants.key),
      images: source.variants.images.map((image) => ({ ...image, key: to(image.key) })),
    };
    const postMediaId = await new PostMediaCopiesRepository(db).insertCopy(
      publisherId,
      { kind: 'date', id: dateId },
      {
        storageKey,
        variants,
        width: source.width,
        height: source.height,
        placeholder: source.placeholder,
        thumbhash: source.thumbhash,
        position: 0,
      },
    );
    const sourceKeys = [...new Set([source.variants.key, ...source.variants.images.map((i) => i.key)])];
    published.mockClear(); // Processing the source told its author.
    return { publisherId, dateId, postMediaId, variants, sourceKeys, to };
  }

  const row = async (postMediaId: string) =>
    (
      await db.query<
        Array<{
          user_id: string;
          status: string;
          failure_reason: string | null;
          display_key: string | null;
          variants: PostMediaVariants;
          width: number | null;
          height: number | null;
          placeholder: string | null;
          thumbhash: string | null;
          image_keys: string[];
        }>
      >(
        `SELECT m.user_id, m.status, m.failure_reason, m.display_key, m.variants, m.width, m.height,
                m.placeholder, m.thumbhash, d.image_keys
           FROM post_media m JOIN dates d ON d.id = m.date_id WHERE m.id = $1`,
        [postMediaId],
      )
    )[0]!;

  /** Reads an object the way a browser does: through the signed URL the api would hand out. */
  const download = async (key: string) =>
    Buffer.from(await (await fetch(storage.readUrl(key))).arrayBuffer());

  it('copies each rendition to the Date’s own keys and marks the row ready with the source’s sizes', async () => {
    const source = await activityPhoto();
    const copy = await copiedInto(source);
    expect((await row(copy.postMediaId)).status).toBe('processing');

    expect(await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys })).toEqual({
      outcome: 'done',
    });

    const state = await row(copy.postMediaId);
    expect(state).toMatchObject({
      user_id: copy.publisherId,
      status: 'ready',
      failure_reason: null,
      display_key: copy.variants.key,
      width: source.width,
      height: source.height,
      placeholder: source.placeholder,
      thumbhash: source.thumbhash,
    });
    expect(state.variants).toEqual(copy.variants);
    expect(state.image_keys).toEqual([copy.variants.key]);
    for (const [at, image] of copy.variants.images.entries()) {
      // Under the publisher's prefix and a token of its own: nothing of the source's key survives.
      expect(image.key.startsWith(`${copy.publisherId}/date-media/`)).toBe(true);
      const from = source.variants.images[at]!.key;
      expect(image.key).not.toBe(from);
      expect((await download(image.key)).equals(await download(from))).toBe(true);
    }
    expect(published.mock.calls).toEqual([
      [
        copy.publisherId,
        'media.status',
        {
          uploadId: '',
          kind: 'date',
          status: 'ready',
          url: storage.readUrl(copy.variants.key),
          message: null,
          post: { kind: 'date', postId: copy.dateId, postMediaId: copy.postMediaId },
        },
      ],
    ]);

    // Idempotent: a second run changes nothing and tells nobody.
    published.mockClear();
    expect(await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys })).toEqual({
      outcome: 'skipped',
      reason: 'already settled',
    });
    expect(await row(copy.postMediaId)).toEqual(state);
    expect(published).not.toHaveBeenCalled();

    // Deleting the Date removes its copies only (post.deleted's keys are its rows' own).
    const keys = await db.transaction(async (tx) => {
      const rows = await postMedia.in(tx).lockStoredKeysOfPost({ kind: 'date', id: copy.dateId });
      return rows.flatMap((media) => [media.storage_key, ...media.variant_keys]);
    });
    expect(keys).toEqual(expect.arrayContaining(copy.variants.images.map((image) => image.key)));
    expect(keys.filter((key) => key.includes('/activity-media/'))).toEqual([]);
    await worker.get(DeleteObjectsHandler).handle({ keys });
    for (const image of copy.variants.images) {
      expect(await storage.head(image.key)).toBeNull();
    }
    for (const image of source.variants.images) {
      expect(await storage.head(image.key)).not.toBeNull();
    }
  });

  it('finishes a copy an earlier attempt left half done', async () => {
    const source = await activityPhoto();
    const copy = await copiedInto(source);
    // The interrupted run copied one rendition, then died before marking the row.
    await storage.copy(copy.sourceKeys[0]!, copy.to(copy.sourceKeys[0]!));

    await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys });

    const state = await row(copy.postMediaId);
    expect(state).toMatchObject({ status: 'ready', display_key: copy.variants.key });
    for (const image of copy.variants.images) {
      expect((await storage.head(image.key))?.size).toBeGreaterThan(0);
    }
  });

  it('fails the row with a reason when the source objects are gone, and does not retry', async () => {
    const source = await activityPhoto();
    const copy = await copiedInto(source);
    // The activity was deleted meanwhile: its delete job removed the objects.
    await worker.get(DeleteObjectsHandler).handle({ keys: copy.sourceKeys.slice(1) });

    expect(await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys })).toEqual({
      outcome: 'done',
    });

    const state = await row(copy.postMediaId);
    expect(state).toMatchObject({ status: 'failed', failure_reason: COPY_SOURCE_GONE, image_keys: [] });
    // Half a photo is none: the rendition that could be copied went again.
    for (const image of copy.variants.images) {
      expect(await storage.head(image.key)).toBeNull();
    }
    expect(published.mock.calls).toEqual([
      [
        copy.publisherId,
        'media.status',
        expect.objectContaining({ status: 'failed', url: null, message: COPY_SOURCE_GONE }),
      ],
    ]);
    expect(await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys })).toEqual({
      outcome: 'skipped',
      reason: 'already settled',
    });
  });

  it('removes its copies when the Date is deleted while they are made', async () => {
    const source = await activityPhoto();
    const copy = await copiedInto(source);
    const realCopy = storage.copy.bind(storage);
    // The Date's delete commits (and its delete job runs, finding nothing yet) mid-copy.
    const copying = jest.spyOn(storage, 'copy').mockImplementationOnce(async (from, to) => {
      await db.query('DELETE FROM dates WHERE id = $1', [copy.dateId]);
      return realCopy(from, to);
    });
    try {
      expect(await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys })).toEqual({
        outcome: 'skipped',
        reason: 'post deleted while copying',
      });
    } finally {
      copying.mockRestore();
    }
    for (const image of copy.variants.images) {
      expect(await storage.head(image.key)).toBeNull();
    }
    expect(published).not.toHaveBeenCalled();
  });

  it('skips a copy whose Date is already gone', async () => {
    const source = await activityPhoto();
    const copy = await copiedInto(source);
    await db.query('DELETE FROM dates WHERE id = $1', [copy.dateId]);

    expect(await handler.handle({ postMediaId: copy.postMediaId, sourceKeys: copy.sourceKeys })).toEqual({
      outcome: 'skipped',
      reason: 'post media not found',
    });
    for (const image of copy.variants.images) {
      expect(await storage.head(image.key)).toBeNull();
    }
  });
});
