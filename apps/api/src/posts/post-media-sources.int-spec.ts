import sharp from 'sharp';
import type { DateDetail, PostList, PostMediaVariants, UploadTicket } from '@datebook/contracts';
import { PostMediaRepository } from '@datebook/db';
import { ObjectStorage, renditionKey, renditionStem } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { signedIn } from '../testing/test-users';

/**
 * Issue 26 (responsive images): every photo a card or a page shows carries its renditions, each with
 * its width and type, so the web can offer the WebPs in a `<picture>` and the JPEGs to the rest.
 */
describe('post media sources', () => {
  const api = useTestApi();
  let storage: ObjectStorage;
  let photo: Buffer;

  beforeAll(async () => {
    storage = api.app.get(ObjectStorage);
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
  });

  /** A public date with one photo, marked ready with the renditions `images` makes of its stem. */
  async function dateWithPhoto(images: (stem: string) => PostMediaVariants['images']): Promise<{
    owner: Awaited<ReturnType<typeof signedIn>>;
    date: DateDetail;
    stored: PostMediaVariants['images'];
  }> {
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
        title: 'Picnic',
        description: 'In the park.',
        dateOf: '2025-03-05',
        media: [{ uploadId: ticket.uploadId, position: 0 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const date = created.json<DateDetail>();
    const stored = images(renditionStem(owner.user.id, 'date', ticket.key));
    const main = stored.find((image) => image.size === 1080 && image.type !== 'image/webp')!;
    await new PostMediaRepository(api.db).markReady(date.media[0]!.id, {
      variants: { key: main.key, images: stored, placeholder: 'data:image/jpeg;base64,', poster: null },
      width: 40,
      height: 30,
      durationMs: null,
      thumbhash: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
      storageKey: ticket.key,
    });
    return { owner, date, stored };
  }

  const jpeg = (stem: string, size: number) => ({
    size,
    key: renditionKey(stem, size),
    width: size,
    height: size,
  });

  it('sends a photo its WebPs then its JPEGs, each narrowest first, with signed URLs, on pages and cards', async () => {
    const webp = (stem: string, size: number) => ({
      size,
      key: renditionKey(stem, size, 'webp'),
      width: size,
      height: size,
      type: 'image/webp' as const,
    });
    // Stored in no useful order: the answer sorts them.
    const { owner, date, stored } = await dateWithPhoto((stem) => [
      { ...jpeg(stem, 1080), type: 'image/jpeg' },
      webp(stem, 640),
      { ...jpeg(stem, 320), type: 'image/jpeg' },
      webp(stem, 1080),
      { ...jpeg(stem, 640), type: 'image/jpeg' },
      webp(stem, 320),
    ]);
    const keyOf = (type: string, width: number) =>
      stored.find((image) => image.type === type && image.width === width)!.key;
    const expected = [
      ['image/webp', 320],
      ['image/webp', 640],
      ['image/webp', 1080],
      ['image/jpeg', 320],
      ['image/jpeg', 640],
      ['image/jpeg', 1080],
    ].map(([type, width]) => ({
      type,
      width,
      url: storage.readUrl(keyOf(type as string, width as number)),
    }));
    const page = (await owner.request({ method: 'GET', url: `/api/dates/${date.id}` })).json<DateDetail>();
    const card = (
      await owner.request({ method: 'GET', url: `/api/profiles/${owner.user.username}/dates` })
    ).json<PostList>().items[0]!;
    for (const media of [page.media[0]!, card.media[0]!]) {
      expect(media.sources).toEqual(expected);
      // The default, what a browser without `<picture>` or WebP shows, is the largest JPEG.
      expect(media.url).toBe(expected[5]!.url);
    }
    expect(new URL(expected[0]!.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends a photo processed before WebP existed its JPEGs, typed as such', async () => {
    // Renditions stored with no type, as the worker wrote them then.
    const { owner, date, stored } = await dateWithPhoto((stem) =>
      [1080, 320, 640].map((size) => jpeg(stem, size)),
    );
    const page = (await owner.request({ method: 'GET', url: `/api/dates/${date.id}` })).json<DateDetail>();
    const byWidth = [...stored].sort((a, b) => a.size - b.size);
    expect(page.media[0]!.sources).toEqual(
      byWidth.map((image) => ({ width: image.width, type: 'image/jpeg', url: storage.readUrl(image.key) })),
    );
  });
});
