import sharp from 'sharp';
import { type DateDetail, type PostList, type UploadTicket } from '@datebook/contracts';
import { PostMediaRepository } from '@datebook/db';
import { ObjectStorage, ReadUrlSigner, renditionKey, renditionStem } from '@datebook/server';
import type { TestApi } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { signedIn } from '../testing/test-users';

/**
 * Issue 10: photos of a private date (or a private profile) were readable by anyone at an address
 * derived from ids (`{userId}/date-media/{postMediaId}-1080.jpg`). Now keys carry 128 random bits and
 * every URL the api hands out is a presigned GET that expires.
 */
describe('private media', () => {
  const api = useTestApi();
  let storage: ObjectStorage;
  let photo: Buffer;

  beforeAll(async () => {
    storage = api.app.get(ObjectStorage);
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
  });

  /** A private date with one photo, processed as the worker does it (renditions under the token). */
  async function privateDateWithPhoto() {
    const owner = await signedIn(api);
    const ticket = (
      await owner.request({
        method: 'POST',
        url: '/api/media/uploads',
        payload: { kind: 'date', fileName: 'us.jpg', contentType: 'image/jpeg', size: photo.length },
      })
    ).json<UploadTicket>();
    await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(photo) });
    const created = await owner.request({
      method: 'POST',
      url: '/api/dates',
      payload: {
        title: 'Just us',
        description: 'Nobody else.',
        dateOf: '2025-03-05',
        visibilityPublic: false,
        media: [{ uploadId: ticket.uploadId, position: 0 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const date = created.json<DateDetail>();
    const mediaId = date.media[0]!.id;

    const stem = renditionStem(owner.user.id, 'date', ticket.key);
    const images = [320, 640, 1080].map((size) => ({
      size,
      key: renditionKey(stem, size),
      width: 40,
      height: 30,
    }));
    for (const image of images) {
      await storage.put(image.key, photo, 'image/jpeg');
    }
    await new PostMediaRepository(api.db).markReady(mediaId, {
      variants: { key: images[2]!.key, images, placeholder: 'data:image/jpeg;base64,', poster: null },
      width: 40,
      height: 30,
      durationMs: null,
      thumbhash: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
      storageKey: ticket.key,
    });
    await storage.delete(ticket.key);
    return { owner, date, mediaId, ticket, images };
  }

  const ownDates = async (owner: Awaited<ReturnType<typeof signedIn>>) =>
    (
      await owner.request({ method: 'GET', url: `/api/profiles/${owner.user.username}/dates` })
    ).json<PostList>().items;

  it('stores no object at an address a visitor can derive from ids', async () => {
    const { owner, mediaId, ticket, images } = await privateDateWithPhoto();
    const publicBase = api.env.config.s3.publicUrl;
    for (const name of ['320', '640', '1080', 'poster']) {
      const derived = `${owner.user.id}/date-media/${mediaId}-${name}.jpg`;
      expect([name, (await fetch(`${publicBase}/${derived}`)).ok]).toEqual([name, false]);
      expect([name, await storage.head(derived)]).toEqual([name, null]);
    }
    // Each key is the owner's prefix, 128 random bits and the size: nothing taken from an id.
    for (const { key, size } of images) {
      expect(key).toMatch(new RegExp(`^${owner.user.id}/date-media/[A-Za-z0-9_-]{22}-${size}\\.jpg$`));
      expect(key).not.toContain(ticket.uploadId);
    }
  });

  it('has storage refuse anonymous reads and listings, even of a key that exists', async () => {
    const { images } = await privateDateWithPhoto();
    const publicBase = api.env.config.s3.publicUrl;
    expect((await fetch(`${publicBase}/${images[2]!.key}`)).status).toBe(403);
    expect((await fetch(`${publicBase}?list-type=2`)).status).toBe(403);
    expect((await fetch(publicBase)).status).toBe(403);
  });

  it('hands out no URL of a private date to anyone but its owner', async () => {
    const { owner, date } = await privateDateWithPhoto();
    const stranger = await signedIn(api);
    for (const as of [
      stranger.request,
      (options: Parameters<TestApi['request']>[0]) => api.request(options),
    ]) {
      expect((await as({ method: 'GET', url: `/api/dates/${date.id}` })).statusCode).toBe(404);
      const tab = await as({ method: 'GET', url: `/api/profiles/${owner.user.username}/dates` });
      expect(tab.json<PostList>().items.map((item) => item.id)).not.toContain(date.id);
    }
  });

  it('gives the owner presigned URLs that expire, the same for everyone within the hour', async () => {
    const { owner, date, images } = await privateDateWithPhoto();
    const item = (await ownDates(owner)).find((post) => post.id === date.id)!;
    const [media] = item.media;
    expect(media!.status).toBe('ready');
    // The card carries what the web needs to reserve the box and paint the preview at once.
    expect(media).toMatchObject({ thumbhash: '1QcSHQRnh493V4dIh4eXh1h4kJUI', width: 40, height: 30 });
    const urls = [media!.url!, ...media!.sources.map((source) => source.url)];
    for (const url of urls) {
      const signed = new URL(url).searchParams;
      expect(signed.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(signed.get('X-Amz-Expires')).toBe('7200');
      expect(signed.get('X-Amz-Date')).toMatch(/^\d{8}T\d{2}0000Z$/);
      expect(await fetch(url).then((response) => response.status)).toBe(200);
    }
    expect(new URL(media!.url!).pathname.endsWith(images[2]!.key)).toBe(true);
    // Asked again, the same URLs: browsers and CDNs can cache them.
    const again = (await ownDates(owner)).find((post) => post.id === date.id)!;
    expect(again.media[0]!.url).toBe(media!.url);
  });

  it('has storage refuse a URL whose time is up', async () => {
    const { images } = await privateDateWithPhoto();
    const signer = new ReadUrlSigner(api.env.config.s3);
    const stale = signer.sign(images[1]!.key, new Date(Date.now() - 3 * 60 * 60 * 1000));
    expect((await fetch(stale)).status).toBe(403);
    const fresh = signer.sign(images[1]!.key, new Date());
    expect((await fetch(fresh)).status).toBe(200);
  });
});
