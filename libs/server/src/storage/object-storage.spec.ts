import { loadConfig } from '../config';
import { ObjectStorage } from './object-storage';

describe('ObjectStorage upload URLs', () => {
  it('are signed for the servers’ endpoint when no other is set', async () => {
    const storage = new ObjectStorage(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4568' }));
    const url = new URL(await storage.presignPut('u1/activity-media/1-a.jpg', 'image/jpeg', 1000));
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:4568/media/u1/activity-media/1-a.jpg');
    storage.close();
  });

  it('are signed for the endpoint browsers reach when it differs, as in docker-compose', async () => {
    const storage = new ObjectStorage(
      loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_PRESIGN_ENDPOINT: 'http://localhost:9000' }),
    );
    const url = new URL(await storage.presignPut('u1/activity-media/1-a.jpg', 'image/jpeg', 1000));
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:9000/media/u1/activity-media/1-a.jpg');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
    storage.close();
  });

  it('sign the declared length, so the store refuses a body of any other size', async () => {
    const storage = new ObjectStorage(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4568' }));
    const url = new URL(await storage.presignPut('u1/activity-media/1-a.jpg', 'image/jpeg', 1000));
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    storage.close();
  });
});
