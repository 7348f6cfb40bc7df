import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { mediaKeyPrefix, mediaMessages, type Collection, type UploadTicket } from '@datebook/contracts';
import { ObjectStorage, originalKey, renditionStem } from '@datebook/server';
import { testS3Client, waitFor } from '@datebook/server/testing';
import { eventsOf, signedIn, useTestApi, type TestSocket } from '@datebook/api/testing';
import { ProcessCollectionCoverHandler } from './process-collection-cover.handler';
import { rotatedJpeg, textFile, transparentPng } from './fixtures/image-fixtures';

/** A collection's cover end to end: client → api → S3 → outbox → worker → S3 → socket → read model. */
describe('choosing a collection cover', () => {
  const api = useTestApi({ listen: true, worker: true });
  let member: Awaited<ReturnType<typeof signedIn>>;
  let socket: TestSocket;
  let s3: S3Client;

  beforeAll(async () => {
    member = await signedIn(api);
    socket = await api.connect({ auth: { token: member.session.accessToken } });
    s3 = testS3Client(api.env.config.s3);
  });
  afterAll(() => s3.destroy());

  async function newCollection(name: string): Promise<Collection> {
    const response = await member.request({ method: 'POST', url: '/api/collections', payload: { name } });
    expect(response.statusCode).toBe(201);
    return response.json<Collection>();
  }

  /** What the edit dialog does: ask for an upload, PUT the bytes, save the title with the new cover. */
  async function chooseCover(collection: Collection, bytes: Buffer, contentType = 'image/jpeg') {
    const requested = await member.request({
      method: 'POST',
      url: '/api/media/uploads',
      payload: { kind: 'collection', fileName: 'cover.jpg', contentType, size: bytes.length },
    });
    const ticket = requested.json<UploadTicket>();
    const put = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      headers: ticket.headers,
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const saved = await member.request({
      method: 'PATCH',
      url: `/api/collections/${collection.id}`,
      payload: { name: collection.name, coverUploadId: ticket.uploadId },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Collection>().coverProcessing).toBe(true);
    return ticket;
  }

  const read = async (id: string) =>
    (await member.request({ method: 'GET', url: `/api/collections/${id}` })).json<Collection>();

  const collectionObjects = async (): Promise<string[]> => {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: api.env.config.s3.bucket,
        Prefix: mediaKeyPrefix(member.user.id, 'collection'),
      }),
    );
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  };

  /** The bucket as the member's jobs leave it: media renditions written, discarded objects deleted. */
  const objectsSettle = (what: string, expected: (keys: string[]) => boolean) =>
    waitFor(what, collectionObjects, expected);

  it('ends with the collection showing a signed square JPEG, and a replaced cover leaves the bucket', async () => {
    const collection = await newCollection('Beaches');
    const mediaEvents = eventsOf(socket, 'media.status');
    const landscape = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const first = await chooseCover(collection, landscape);

    const ready = await mediaEvents.next();
    expect(ready).toMatchObject({ uploadId: first.uploadId, kind: 'collection', status: 'ready' });
    const shown = await read(collection.id);
    expect(shown.coverProcessing).toBe(false);
    expect(shown.coverUrl).toBe(ready.url);
    expect(shown.coverUrl).toMatch(
      new RegExp(
        `^${api.env.config.s3.publicUrl}/${member.user.id}/collection-media/[A-Za-z0-9_-]{22}-640\\.jpg\\?X-Amz-Algorithm=`,
      ),
    );
    const image = await fetch(shown.coverUrl!);
    expect(image.status).toBe(200);
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 640,
    });
    const stem = new URL(shown.coverUrl!).pathname.replace(/^\/[^/]+\//, '').replace(/-640\.jpg$/, '');
    // The original goes once processed; the renditions stay.
    const renditions = [`${stem}-320.jpg`, `${stem}-640.jpg`];
    await objectsSettle('the original to go', (keys) => keys.join() === renditions.join());

    const second = await chooseCover(collection, await transparentPng(), 'image/png');
    expect(await mediaEvents.next()).toMatchObject({ uploadId: second.uploadId, status: 'ready' });
    const objects = await objectsSettle(
      'the replaced cover to go',
      (keys) => keys.length === 2 && !keys.some((key) => key.startsWith(stem)),
    );
    expect((await read(collection.id)).coverUrl).toContain(objects[1]);

    // A rerun of a finished job does nothing but say so.
    await expect(
      api.worker.get(ProcessCollectionCoverHandler).handle({ uploadId: second.uploadId }),
    ).resolves.toEqual({ outcome: 'skipped', reason: 'already processed' });
  });

  it('tells the owner when the file is not an image; the collection keeps showing its items', async () => {
    const collection = await newCollection('Museums');
    const mediaEvents = eventsOf(socket, 'media.status');
    const ticket = await chooseCover(collection, textFile());
    expect(await mediaEvents.next()).toEqual({
      uploadId: ticket.uploadId,
      kind: 'collection',
      status: 'failed',
      url: null,
      message: mediaMessages.notAnImage,
    });
    expect(await read(collection.id)).toMatchObject({ coverUrl: null, coverProcessing: false });
  });

  it('removes what it wrote when no collection has the cover any more by the time it is ready', async () => {
    // As a newer choice or a delete leaves it mid-run: the row still read, no collection naming it.
    const key = originalKey(member.user.id, 'collection', 'cover.jpg');
    await api.worker.get(ObjectStorage).put(key, await rotatedJpeg(), 'image/jpeg');
    const [{ id }] = await api.app.get(DataSource).query<[{ id: string }]>(
      `INSERT INTO media_uploads (user_id, kind, storage_key, content_type, size, status)
       VALUES ($1, 'collection', $2, 'image/jpeg', 1, 'processing') RETURNING id`,
      [member.user.id, key],
    );
    await expect(api.worker.get(ProcessCollectionCoverHandler).handle({ uploadId: id })).resolves.toEqual({
      outcome: 'skipped',
      reason: 'no longer the cover of a collection',
    });
    const stem = renditionStem(member.user.id, 'collection', key);
    expect((await collectionObjects()).filter((object) => object.startsWith(stem))).toEqual([]);
  });
});
