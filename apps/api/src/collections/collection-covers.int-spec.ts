import {
  mediaMessages,
  messages,
  type Collection,
  type CollectionList,
  type CreateUploadRequest,
  type UploadTicket,
} from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { uploadFile } from '../testing/media-uploads';
import { signedIn } from '../testing/test-users';

type Member = Awaited<ReturnType<typeof signedIn>>;

// The smallest valid PNG (1×1): the api checks presence and size, the worker checks the pixels.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

/** The api's half of a collection's cover photo; the worker's half is in apps/worker. */
describe('collection cover photos', () => {
  const api = useTestApi();

  /** An upload as the web app makes it: a ticket, then the bytes PUT to the presigned URL. */
  async function uploaded(member: Member, file: Partial<CreateUploadRequest> = {}, bytes = PNG) {
    return uploadFile(
      member.request,
      { kind: 'collection', fileName: 'cover.png', contentType: 'image/png', ...file },
      bytes,
    );
  }

  async function newCollection(member: Member, name = 'Picnics'): Promise<Collection> {
    const response = await member.request({ method: 'POST', url: '/api/collections', payload: { name } });
    expect(response.statusCode).toBe(201);
    return response.json<Collection>();
  }

  const edit = (member: Member, id: string, payload: Record<string, unknown>) =>
    member.request({ method: 'PATCH', url: `/api/collections/${id}`, payload });

  const coverColumns = async (id: string) =>
    (
      await api.db.query<Array<{ cover_upload_id: string | null; cover_key: string | null }>>(
        'SELECT cover_upload_id, cover_key FROM collections WHERE id = $1',
        [id],
      )
    )[0]!;
  const uploadStatus = async (id: string) =>
    (await api.db.query<Array<{ status: string }>>('SELECT status FROM media_uploads WHERE id = $1', [id]))[0]
      ?.status;
  const events = (type: string) =>
    api.db.query<Array<{ payload: { uploadId?: string; keys?: string[] } }>>(
      'SELECT payload FROM outbox WHERE event_type = $1 ORDER BY id',
      [type],
    );

  it('takes a new photo with the title unchanged: processing, its event written with it', async () => {
    const member = await signedIn(api);
    const collection = await newCollection(member);
    const ticket = await uploaded(member);

    const response = await edit(member, collection.id, {
      name: collection.name,
      coverUploadId: ticket.uploadId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Collection>()).toMatchObject({
      name: 'Picnics',
      coverUrl: null,
      coverProcessing: true,
    });
    expect(await coverColumns(collection.id)).toEqual({ cover_upload_id: ticket.uploadId, cover_key: null });
    expect(await uploadStatus(ticket.uploadId)).toBe('processing');
    expect((await events('collection-cover.chosen')).map((event) => event.payload)).toContainEqual({
      uploadId: ticket.uploadId,
    });

    // Sent again (a lost answer): nothing more happens.
    const again = await edit(member, collection.id, {
      name: collection.name,
      coverUploadId: ticket.uploadId,
    });
    expect(again.statusCode).toBe(200);
    const chosen = (await events('collection-cover.chosen')).filter(
      (event) => event.payload.uploadId === ticket.uploadId,
    );
    expect(chosen).toHaveLength(1);
  });

  it('gives the default collection a cover, which it may not be renamed for', async () => {
    const member = await signedIn(api);
    const [saved] = (await member.request({ method: 'GET', url: '/api/collections' })).json<CollectionList>()
      .items;
    const ticket = await uploaded(member);
    const response = await edit(member, saved!.id, { name: saved!.name, coverUploadId: ticket.uploadId });
    expect(response.statusCode).toBe(200);
    expect(response.json<Collection>()).toMatchObject({ isDefault: true, coverProcessing: true });

    const renamed = await edit(member, saved!.id, {
      name: 'Mine',
      coverUploadId: (await uploaded(member)).uploadId,
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({ error: { message: messages.collections.defaultCannotBeRenamed } });
  });

  it('refuses an upload that is not a collection cover of the member, a video, or never sent', async () => {
    const member = await signedIn(api);
    const other = await signedIn(api);
    const collection = await newCollection(member);
    const refusal = async (coverUploadId: string, message: string) => {
      const response = await edit(member, collection.id, { name: collection.name, coverUploadId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { issues: [{ path: 'coverUploadId', message }] },
      });
    };

    await refusal((await uploaded(other)).uploadId, mediaMessages.uploadNotFound);
    await refusal((await uploaded(member, { kind: 'avatar' })).uploadId, mediaMessages.uploadNotFound);
    const video = await uploaded(member, {
      kind: 'activity',
      fileName: 'clip.mp4',
      contentType: 'video/mp4',
    });
    await refusal(video.uploadId, mediaMessages.coverImageOnly);
    const neverSent = await member.request({
      method: 'POST',
      url: '/api/media/uploads',
      payload: { kind: 'collection', fileName: 'cover.png', contentType: 'image/png', size: PNG.length },
    });
    await refusal(neverSent.json<UploadTicket>().uploadId, mediaMessages.uploadMissing);
    // A cover chosen for one collection cannot be another's.
    const used = await uploaded(member);
    const second = await newCollection(member, 'Hikes');
    expect(
      (await edit(member, second.id, { name: second.name, coverUploadId: used.uploadId })).statusCode,
    ).toBe(200);
    await refusal(used.uploadId, mediaMessages.uploadNotFound);

    expect(await coverColumns(collection.id)).toEqual({ cover_upload_id: null, cover_key: null });
    const malformed = await edit(member, collection.id, { name: collection.name, coverUploadId: 'nope' });
    expect(malformed.statusCode).toBe(400);
  });

  it('discards the cover a new one replaces, and the cover of a deleted collection', async () => {
    const member = await signedIn(api);
    const collection = await newCollection(member);
    const first = await uploaded(member);
    await edit(member, collection.id, { name: collection.name, coverUploadId: first.uploadId });
    const readyKeys = [`${first.key}-640.jpg`, `${first.key}-320.jpg`];
    await api.db.query(`UPDATE media_uploads SET status = 'ready', variants = $2 WHERE id = $1`, [
      first.uploadId,
      JSON.stringify({ key: readyKeys[0], images: readyKeys.map((key) => ({ key })) }),
    ]);

    const second = await uploaded(member);
    const replaced = await edit(member, collection.id, { name: 'Picnics 2', coverUploadId: second.uploadId });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<Collection>()).toMatchObject({ name: 'Picnics 2', coverProcessing: true });
    expect(await uploadStatus(first.uploadId)).toBeUndefined();
    expect((await events('collection-cover.discarded')).map((event) => event.payload)).toContainEqual({
      userId: member.user.id,
      keys: [first.key, ...readyKeys],
    });

    const removed = await member.request({ method: 'DELETE', url: `/api/collections/${collection.id}` });
    expect(removed.statusCode).toBe(200);
    expect(await uploadStatus(second.uploadId)).toBeUndefined();
    expect((await events('collection-cover.discarded')).map((event) => event.payload)).toContainEqual({
      userId: member.user.id,
      keys: [second.key],
    });
  });

  it("shows the chosen cover once ready, before any item's", async () => {
    const member = await signedIn(api);
    const collection = await newCollection(member);
    const ticket = await uploaded(member);
    await edit(member, collection.id, { name: collection.name, coverUploadId: ticket.uploadId });
    await api.db.query(`UPDATE media_uploads SET status = 'ready' WHERE id = $1`, [ticket.uploadId]);
    await api.db.query('UPDATE collections SET cover_key = $2 WHERE id = $1', [
      collection.id,
      `${ticket.key}-640.jpg`,
    ]);

    const shown = (
      await member.request({ method: 'GET', url: `/api/collections/${collection.id}` })
    ).json<Collection>();
    expect(shown.coverProcessing).toBe(false);
    expect(new URL(shown.coverUrl!).pathname).toBe(`/media/${ticket.key}-640.jpg`);
  });
});
