import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { mediaMessages, type SaveAvatarResponse, type UploadStatus } from '@datebook/contracts';
import { JobQueues, ObjectStorage } from '@datebook/server';
import { waitFor } from '@datebook/server/testing';
import { eventsOf, signedIn, uploadFile, useTestApi, type TestSocket } from '@datebook/api/testing';
import { textFile, transparentPng } from './fixtures/image-fixtures';

/** The avatar path end to end: browser-like client → api → S3 → outbox → worker → S3 → socket. */
describe('changing an avatar', () => {
  const api = useTestApi({ listen: true, worker: true });
  let member: Awaited<ReturnType<typeof signedIn>>;
  let socket: TestSocket;

  beforeAll(async () => {
    member = await signedIn(api);
    socket = await api.connect({ auth: { token: member.session.accessToken } });
  });

  /** What the web app does: ask for an upload, PUT the bytes to the presigned URL, save. */
  async function uploadAndSave(bytes: Buffer, fileName: string, contentType: string): Promise<string> {
    const ticket = await uploadFile(member.request, { kind: 'avatar', fileName, contentType }, bytes);
    const saved = await member.request({
      method: 'PUT',
      url: '/api/profiles/me/avatar',
      payload: { uploadId: ticket.uploadId },
    });
    expect(saved.statusCode).toBe(202);
    expect(saved.json<SaveAvatarResponse>()).toEqual({ uploadId: ticket.uploadId, status: 'processing' });
    return ticket.uploadId;
  }

  it('ends with every open tab showing the new avatar, served as a JPEG from the object store', async () => {
    const profileEvents = eventsOf(socket, 'profile.updated');
    const mediaEvents = eventsOf(socket, 'media.status');
    const uploadId = await uploadAndSave(await transparentPng(), 'me.png', 'image/png');

    const updated = await profileEvents.next();
    expect(updated).toMatchObject({ userId: member.user.id, username: member.user.username });
    // A presigned GET of the 256 px rendition, under the upload's random token.
    expect(updated.avatarUrl).toMatch(
      new RegExp(
        `^${api.env.config.s3.publicUrl}/${member.user.id}/avatar-media/[A-Za-z0-9_-]{22}-256\\.jpg\\?X-Amz-Algorithm=`,
      ),
    );
    expect(await mediaEvents.next()).toEqual({
      uploadId,
      kind: 'avatar',
      status: 'ready',
      url: updated.avatarUrl,
      message: null,
    });

    const image = await fetch(updated.avatarUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    const status = await member.request({ method: 'GET', url: `/api/media/uploads/${uploadId}` });
    expect(status.json<UploadStatus>()).toMatchObject({ status: 'ready', url: updated.avatarUrl });
    const [profile] = await api.app
      .get(DataSource)
      .query<Array<{ avatar_key: string }>>('SELECT avatar_key FROM profiles WHERE id = $1', [
        member.user.id,
      ]);
    expect(api.app.get(ObjectStorage).readUrl(profile!.avatar_key)).toBe(updated.avatarUrl);
  });

  it('tells the owner when the file is not an image, and the job still completes', async () => {
    const mediaEvents = eventsOf(socket, 'media.status');
    const uploadId = await uploadAndSave(textFile(), 'holiday.jpg', 'image/jpeg');
    expect(await mediaEvents.next()).toEqual({
      uploadId,
      kind: 'avatar',
      status: 'failed',
      url: null,
      message: mediaMessages.notAnImage,
    });
    const queue = api.worker.get(JobQueues).queue('media');
    await waitFor(
      'the avatar job to complete',
      () => queue.getJobCounts('completed', 'failed', 'active', 'waiting', 'delayed'),
      (counts) => counts.active === 0 && counts.waiting === 0 && counts.delayed === 0,
    );
    expect((await queue.getJobCounts('failed')).failed).toBe(0);
  });
});
