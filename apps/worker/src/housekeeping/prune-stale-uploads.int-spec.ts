import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { mediaKeyPrefix, type MediaKind, type MediaStatus } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { useTestWorker } from '../testing';
import { PruneStaleUploadsHandler, STALE_UPLOAD_HOURS } from './prune-stale-uploads.handler';

describe('stale upload housekeeping', () => {
  let db: DataSource;
  let storage: ObjectStorage;
  let userId: string;

  const worker = useTestWorker();
  beforeAll(async () => {
    db = worker.get(DataSource);
    storage = worker.get(ObjectStorage);
    ({ id: userId } = await worker.data.newMember());
  });

  /** An upload last touched `hoursAgo`, its object in the store. */
  async function upload(kind: MediaKind, status: MediaStatus, hoursAgo: number) {
    const key = `${mediaKeyPrefix(userId, kind)}${randomUUID()}.jpg`;
    await storage.put(key, Buffer.from('bytes'), 'image/jpeg');
    const at = new Date(Date.now() - hoursAgo * 60 * 60 * 1000);
    const id = await worker.data.newMediaUpload(userId, {
      kind,
      storageKey: key,
      size: 5,
      status,
      createdAt: at,
      updatedAt: at,
    });
    return { id, key };
  }

  /** A post whose photo could not be used: the post stays, editable, and its media row with it. */
  async function inPost(uploadId: string, key: string): Promise<void> {
    const activityId = await worker.data.newActivity(userId, { title: 'Post' });
    await worker.data.newPostMedia({ userId, activityId, storageKey: key, status: 'failed', uploadId });
  }

  /** Which of the uploads still have their row, and which their object. */
  async function survivors(uploads: Array<{ id: string; key: string }>) {
    const rows = await db.query<Array<{ id: string }>>(
      'SELECT id FROM media_uploads WHERE id = ANY($1::uuid[])',
      [uploads.map((u) => u.id)],
    );
    const objects = await Promise.all(uploads.map(async (u) => (await storage.head(u.key)) !== null));
    return {
      rows: uploads.filter((u) => rows.some((row) => row.id === u.id)),
      objects: uploads.filter((_, index) => objects[index]),
    };
  }

  it('removes the rows and objects of unused uploads a day old, and nothing else', async () => {
    const old = STALE_UPLOAD_HOURS + 1;
    const recent = STALE_UPLOAD_HOURS - 1;
    const neverPublished = await upload('activity', 'pending', old);
    const neverSaved = await upload('avatar', 'pending', old);
    const failedAvatar = await upload('avatar', 'failed', old);
    const justUploaded = await upload('date', 'pending', recent);
    const justFailed = await upload('avatar', 'failed', recent);
    const inFailedPost = await upload('activity', 'failed', old);
    await inPost(inFailedPost.id, inFailedPost.key);
    const stillProcessing = await upload('avatar', 'processing', old);
    const shownAvatar = await upload('avatar', 'ready', old);
    const kept = [justUploaded, justFailed, inFailedPost, stillProcessing, shownAvatar];

    await worker.get(PruneStaleUploadsHandler).handle();

    const left = await survivors([neverPublished, neverSaved, failedAvatar, ...kept]);
    expect(left.rows).toEqual(kept);
    expect(left.objects).toEqual(kept);
  });

  it('finishes a run whose objects went but whose rows did not', async () => {
    const stale = await upload('date', 'pending', STALE_UPLOAD_HOURS + 1);
    await storage.delete(stale.key);

    await worker.get(PruneStaleUploadsHandler).handle();

    expect(await survivors([stale])).toEqual({ rows: [], objects: [] });
  });

  it('works through more stale uploads than one batch holds', async () => {
    const stale = await Promise.all(
      Array.from({ length: 120 }, () => upload('activity', 'pending', STALE_UPLOAD_HOURS + 1)),
    );

    await worker.get(PruneStaleUploadsHandler).handle();

    expect(await survivors(stale)).toEqual({ rows: [], objects: [] });
  });

  it('leaves an upload alone while a publish is claiming it', async () => {
    const claimed = await upload('activity', 'pending', STALE_UPLOAD_HOURS + 1);
    const publish = db.createQueryRunner();
    await publish.connect();
    try {
      await publish.startTransaction();
      await publish.query(
        `UPDATE media_uploads SET status = 'processing', updated_at = now() WHERE id = $1`,
        [claimed.id],
      );

      await worker.get(PruneStaleUploadsHandler).handle();

      await publish.commitTransaction();
    } finally {
      await publish.release();
    }
    expect(await survivors([claimed])).toEqual({ rows: [claimed], objects: [claimed] });
  });
});
