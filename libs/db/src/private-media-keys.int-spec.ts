import { useDatabaseBefore } from '@datebook/db/testing';
import { migrateAndSeed } from './migrate';
import { PrivateMediaKeys1764300000000 } from './migrations/1764300000000-PrivateMediaKeys';

const BASE = 'https://cdn.example.com/media';
const USER = '0b9f2c6e-8d1a-4c1e-9a43-3f1f1c1d2e3f';
const UPLOAD = '5a1d7c2e-1b2c-4d3e-8f40-123456789abc';
const key = (name: string) => `${USER}/activity-media/${name}`;
const url = (name: string) => `${BASE}/${key(name)}`;

/** Issue 10: the database keeps object keys, and the migration turns the stored URLs into them. */
describe('migration PrivateMediaKeys', () => {
  const database = useDatabaseBefore(PrivateMediaKeys1764300000000, 'db_media_keys');

  it('turns every stored media URL into its key, and back on the way down', async () => {
    const legacyVariants = {
      url: url('1-1080.jpg'),
      images: [320, 1080].map((size) => ({ size, key: key(`1-${size}.jpg`), url: url(`1-${size}.jpg`) })),
      placeholder: 'data:,',
      poster: null,
    };
    await database.db.query(
      `WITH u AS (INSERT INTO users (id, email, password_hash) VALUES ($1, 'm@example.com', 'h') RETURNING id)
       INSERT INTO profiles (id, username, avatar_url)
       SELECT id, 'media_keys', $2 FROM u`,
      [USER, `${BASE}/${USER}/avatar-media/${UPLOAD}-256.jpg`],
    );
    const [{ id: postId }] = await database.db.query<[{ id: string }]>(
      `INSERT INTO activities (user_id, title, image_urls) VALUES ($1, 'Old', ARRAY[$2]) RETURNING id`,
      [USER, legacyVariants.url],
    );
    await database.db.query(
      `INSERT INTO post_media (user_id, activity_id, media_type, url, storage_key, status, variants)
       VALUES ($1, $2, 'photo', $3, $4, 'ready', $5),
              ($1, $2, 'photo', $6, $7, 'processing', '{}')`,
      [
        USER,
        postId,
        legacyVariants.url,
        key('1763800000000-a.jpg'),
        JSON.stringify(legacyVariants),
        url('1763800000001-b.jpg'),
        key('1763800000001-b.jpg'),
      ],
    );

    await migrateAndSeed(database.db);

    const [profile] = await database.db.query<Array<{ avatar_key: string }>>(
      'SELECT avatar_key FROM profiles WHERE id = $1',
      [USER],
    );
    expect(profile!.avatar_key).toBe(`${USER}/avatar-media/${UPLOAD}-256.jpg`);
    const media = await database.db.query<Array<{ display_key: string | null; variants: unknown }>>(
      'SELECT display_key, variants FROM post_media ORDER BY id',
    );
    expect(media).toEqual([
      {
        display_key: key('1-1080.jpg'),
        variants: {
          key: key('1-1080.jpg'),
          images: [320, 1080].map((size) => ({ size, key: key(`1-${size}.jpg`) })),
          placeholder: 'data:,',
          poster: null,
        },
      },
      // Not ready: its URL was the raw upload's, which nothing may serve.
      { display_key: null, variants: {} },
    ]);
    const [activity] = await database.db.query<Array<{ image_keys: string[] }>>(
      'SELECT image_keys FROM activities WHERE id = $1',
      [postId],
    );
    expect(activity!.image_keys).toEqual([key('1-1080.jpg')]);

    await database.undoToBefore();
    const [restored] = await database.db.query<Array<{ url: string; variants: typeof legacyVariants }>>(
      `SELECT url, variants FROM post_media WHERE status = 'ready'`,
    );
    expect(restored).toEqual({ url: legacyVariants.url, variants: legacyVariants });
    const [avatar] = await database.db.query<Array<{ avatar_url: string }>>(
      'SELECT avatar_url FROM profiles WHERE id = $1',
      [USER],
    );
    expect(avatar!.avatar_url).toBe(`${BASE}/${USER}/avatar-media/${UPLOAD}-256.jpg`);
  });
});
