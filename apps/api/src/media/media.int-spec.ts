import { randomUUID } from 'node:crypto';
import {
  MAX_IMAGE_BYTES,
  MEDIA_KINDS,
  MEDIA_STATUSES,
  mediaMessages,
  type CreateUploadRequest,
  type UploadTicket,
} from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { signedIn } from '../testing/test-users';

// The smallest valid PNG (1×1): the api checks presence and size, the worker checks the pixels.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

describe('media uploads', () => {
  const api = useTestApi();
  let member: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    member = await signedIn(api);
  });

  const requestUpload = (body: Partial<CreateUploadRequest>, as = member.request) =>
    as({
      method: 'POST',
      url: '/api/media/uploads',
      payload: { kind: 'avatar', fileName: 'me.png', contentType: 'image/png', size: PNG.length, ...body },
    });
  const newUpload = async (
    body: Partial<CreateUploadRequest> = {},
    as = member.request,
  ): Promise<UploadTicket> => {
    const response = await requestUpload(body, as);
    expect(response.statusCode).toBe(201);
    return response.json<UploadTicket>();
  };
  const sendBytes = (ticket: UploadTicket, bytes: Buffer) =>
    fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(bytes) });
  const saveAvatar = (uploadId: string, as = member.request) =>
    as({ method: 'PUT', url: '/api/profiles/me/avatar', payload: { uploadId } });
  const uploadRow = async (id: string) =>
    (
      await api.db.query<Array<{ status: string; kind: string; size: number; storage_key: string }>>(
        'SELECT status, kind, size, storage_key FROM media_uploads WHERE id = $1',
        [id],
      )
    )[0];
  const avatarEvents = async (uploadId: string) =>
    api.db.query<Array<{ payload: unknown; correlation_id: string | null }>>(
      `SELECT payload, correlation_id FROM outbox WHERE event_type = 'avatar.uploaded' AND payload->>'uploadId' = $1`,
      [uploadId],
    );

  describe('POST /api/media/uploads', () => {
    it('records a pending upload and returns a presigned PUT for {userId}/{kind}-media/{token}/{filename}', async () => {
      const before = Math.floor(Date.now() / 1000);
      const ticket = await newUpload({ fileName: 'My Photo (1).PNG' });
      expect(ticket.key).toMatch(
        new RegExp(`^${member.user.id}/avatar-media/[A-Za-z0-9_-]{22}/My-Photo-1\\.PNG$`),
      );
      expect(ticket.headers).toEqual({ 'content-type': 'image/png' });
      expect(ticket.expiresAt).toBeGreaterThanOrEqual(before + 600);
      expect(new URL(ticket.uploadUrl).pathname).toBe(`/media/${ticket.key}`);
      expect(await uploadRow(ticket.uploadId)).toEqual({
        status: 'pending',
        kind: 'avatar',
        size: PNG.length,
        storage_key: ticket.key,
      });

      expect((await sendBytes(ticket, PNG)).status).toBe(200);
      const stored = await fetch(api.app.get(ObjectStorage).readUrl(ticket.key));
      expect(Buffer.from(await stored.arrayBuffer())).toEqual(PNG);
    });

    it('gives every upload a key of its own that no id or time predicts', async () => {
      const first = await newUpload({ fileName: 'same.png' });
      const second = await newUpload({ fileName: 'same.png' });
      expect(second.key).not.toBe(first.key);
      for (const { key, uploadId } of [first, second]) {
        expect(key).not.toContain(uploadId);
        expect(key).not.toMatch(/\/\d{13}-/);
      }
    });

    it('signs the declared length into the upload URL, so storage refuses any other', async () => {
      const ticket = await newUpload();
      const signed = new URL(ticket.uploadUrl).searchParams.get('X-Amz-SignedHeaders')?.split(';');
      expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type']));
      const larger = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
      expect((await sendBytes(ticket, larger)).status).toBe(403);
      expect((await sendBytes(ticket, PNG.subarray(0, PNG.length - 1))).status).toBe(403);
      expect(await api.app.get(ObjectStorage).head(ticket.key)).toBeNull();
      expect((await sendBytes(ticket, PNG)).status).toBe(200);
    });

    it('accepts videos for posts, and images of every supported type for every kind', async () => {
      await newUpload({
        kind: 'activity',
        fileName: 'clip.mp4',
        contentType: 'video/mp4',
        size: 80 * 1024 * 1024,
      });
      await newUpload({ kind: 'date', fileName: 'clip.mov', contentType: 'video/quicktime', size: 1000 });
      for (const kind of MEDIA_KINDS) {
        for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
          await newUpload({ kind, fileName: 'x', contentType, size: MAX_IMAGE_BYTES });
        }
      }
    });

    it.each([
      [{ contentType: 'video/mp4', fileName: 'me.mp4' }, 'contentType', mediaMessages.avatarImageOnly],
      [{ contentType: 'image/svg+xml', fileName: 'me.svg' }, 'contentType', mediaMessages.avatarImageOnly],
      [{ kind: 'collection', contentType: 'video/webm' }, 'contentType', mediaMessages.coverImageOnly],
      [{ kind: 'activity', contentType: 'application/pdf' }, 'contentType', mediaMessages.unsupportedType],
      [{ size: MAX_IMAGE_BYTES + 1 }, 'size', mediaMessages.imageTooLarge],
      [
        { kind: 'date', contentType: 'video/mp4', size: 100 * 1024 * 1024 + 1 },
        'size',
        mediaMessages.videoTooLarge,
      ],
      [{ size: 0 }, 'size', mediaMessages.emptyFile],
      [{ fileName: '  ' }, 'fileName', mediaMessages.fileNameRequired],
    ] as const)('refuses %j with a clear message and writes nothing', async (body, path, message) => {
      const [{ count: before }] = await api.db.query<[{ count: number }]>(
        'SELECT count(*)::int AS count FROM media_uploads',
      );
      const response = await requestUpload(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message, issues: [{ path, message }] },
      });
      const [{ count: after }] = await api.db.query<[{ count: number }]>(
        'SELECT count(*)::int AS count FROM media_uploads',
      );
      expect(after).toBe(before);
    });

    it('needs a signed-in member', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/media/uploads',
        payload: { kind: 'avatar', fileName: 'me.png', contentType: 'image/png', size: 10 },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PUT /api/profiles/me/avatar', () => {
    it('starts processing an uploaded avatar: status and event commit together, once', async () => {
      const ticket = await newUpload();
      await sendBytes(ticket, PNG);
      const response = await saveAvatar(ticket.uploadId);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ uploadId: ticket.uploadId, status: 'processing' });
      expect(await uploadRow(ticket.uploadId)).toMatchObject({ status: 'processing' });
      const events = await avatarEvents(ticket.uploadId);
      expect(events).toEqual([
        { payload: { uploadId: ticket.uploadId }, correlation_id: response.headers['x-request-id'] },
      ]);

      // A retried request answers the same and queues nothing more.
      const again = await saveAvatar(ticket.uploadId);
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ uploadId: ticket.uploadId, status: 'processing' });
      expect(await avatarEvents(ticket.uploadId)).toHaveLength(1);

      const status = await member.request({ method: 'GET', url: `/api/media/uploads/${ticket.uploadId}` });
      expect(status.json()).toEqual({
        uploadId: ticket.uploadId,
        kind: 'avatar',
        status: 'processing',
        url: null,
        placeholder: null,
        message: null,
      });
    });

    it('asks for the file when nothing was uploaded, and leaves the upload pending', async () => {
      const ticket = await newUpload();
      const response = await saveAvatar(ticket.uploadId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: mediaMessages.uploadMissing },
      });
      expect(await uploadRow(ticket.uploadId)).toMatchObject({ status: 'pending' });
      expect(await avatarEvents(ticket.uploadId)).toEqual([]);
    });

    it('refuses a stored file over the limit, whatever size was declared', async () => {
      const ticket = await newUpload();
      // Our stores refuse a body of another length than signed (below); one that did not would keep it.
      await api.app.get(ObjectStorage).put(ticket.key, Buffer.alloc(MAX_IMAGE_BYTES + 1), 'image/png');
      const response = await saveAvatar(ticket.uploadId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { message: mediaMessages.imageTooLarge } });
      expect(await uploadRow(ticket.uploadId)).toMatchObject({ status: 'pending' });
    });

    it("finds neither another member's upload nor an upload of another kind", async () => {
      const other = await signedIn(api);
      const theirs = await newUpload({}, other.request);
      await sendBytes(theirs, PNG);
      const cover = await newUpload({ kind: 'collection' });
      await sendBytes(cover, PNG);
      for (const uploadId of [theirs.uploadId, cover.uploadId, randomUUID()]) {
        const response = await saveAvatar(uploadId);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          error: { code: 'NOT_FOUND', message: mediaMessages.uploadNotFound },
        });
      }
      const peek = await member.request({ method: 'GET', url: `/api/media/uploads/${theirs.uploadId}` });
      expect(peek.statusCode).toBe(404);
      expect((await member.request({ method: 'GET', url: '/api/media/uploads/not-a-uuid' })).statusCode).toBe(
        404,
      );
      expect(await uploadRow(theirs.uploadId)).toMatchObject({ status: 'pending' });
      expect((await saveAvatar('not-a-uuid')).statusCode).toBe(400);
    });

    it('leaves nothing half-saved when the event cannot be written', async () => {
      const ticket = await newUpload();
      await sendBytes(ticket, PNG);
      // This file's own database: make the outbox refuse the event, as a failing write would.
      await api.db.query(
        `ALTER TABLE outbox ADD CONSTRAINT test_refuse_avatar CHECK (event_type <> 'avatar.uploaded') NOT VALID`,
      );
      try {
        const response = await saveAvatar(ticket.uploadId);
        expect(response.statusCode).toBe(500);
      } finally {
        await api.db.query('ALTER TABLE outbox DROP CONSTRAINT test_refuse_avatar');
      }
      expect(await uploadRow(ticket.uploadId)).toMatchObject({ status: 'pending' });
      expect(await avatarEvents(ticket.uploadId)).toEqual([]);
      expect((await saveAvatar(ticket.uploadId)).statusCode).toBe(202);
    });
  });

  it('keeps the table to the enumerations of @datebook/contracts', async () => {
    const listed = async (constraint: string) => {
      const [{ def }] = await api.db.query<[{ def: string }]>(
        'SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = $1',
        [constraint],
      );
      return [...def.matchAll(/'([^']*)'::text/g)].map((match) => match[1]).sort();
    };
    expect(await listed('media_uploads_kind_check')).toEqual([...MEDIA_KINDS].sort());
    expect(await listed('media_uploads_status_check')).toEqual([...MEDIA_STATUSES].sort());
  });
});
