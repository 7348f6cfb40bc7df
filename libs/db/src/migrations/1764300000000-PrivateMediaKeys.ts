import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An object key inside a stored public URL: `{userId}/{kind}-media/…` up to a query or fragment. */
const KEY_IN_URL = `'([0-9a-f-]{36}/(?:avatar|activity|date|collection)-media/[^?#]+)$'`;

/** The public address before a key inside a stored URL. */
const BASE_IN_URL = `'^(.*)/[0-9a-f-]{36}/(?:avatar|activity|date|collection)-media/'`;

/** How the column comment names the URLs' address, and the address when there were none. */
const URL_BASE_NOTE = `'Object key of what is shown once ready. Before, a URL at '`;
const DEFAULT_BASE = `'http://localhost:4568/media'`;

/** A rendition key with its random token (as `TOKENED_RENDITION_KEY`, spelt here for good). */
const TOKENED = `'^[^/]+/[a-z]+-media/[A-Za-z0-9_-]{22}-[^/]+$'`;

/** `variants` with each `url` field turned into (or dropped for) its key. */
const variantsWithKeys = (column: string) => `
  (${column} - 'url')
  || jsonb_build_object('key', substring(${column} ->> 'url' from ${KEY_IN_URL}))
  || jsonb_build_object('images', COALESCE(
       (SELECT jsonb_agg(i - 'url' ORDER BY o)
          FROM jsonb_array_elements(${column} -> 'images') WITH ORDINALITY AS e (i, o)),
       '[]'::jsonb))
  || CASE WHEN jsonb_typeof(${column} -> 'poster') = 'object'
          THEN jsonb_build_object('poster', (${column} -> 'poster') - 'url') ELSE '{}'::jsonb END`;

/** `variants` as they were: a main `url`, and a `url` beside each rendition's key, at `base`. */
const variantsWithUrls = (column: string, base: string) => `
  (${column} - 'key')
  || jsonb_build_object('url', ${base} || '/' || (${column} ->> 'key'))
  || jsonb_build_object('images', COALESCE(
       (SELECT jsonb_agg(i || jsonb_build_object('url', ${base} || '/' || (i ->> 'key')) ORDER BY o)
          FROM jsonb_array_elements(${column} -> 'images') WITH ORDINALITY AS e (i, o)),
       '[]'::jsonb))
  || CASE WHEN jsonb_typeof(${column} -> 'poster') = 'object'
          THEN jsonb_build_object('poster', (${column} -> 'poster')
                 || jsonb_build_object('url', ${base} || '/' || (${column} #>> '{poster,key}')))
          ELSE '{}'::jsonb END`;

/** The ready media of each post, in order, as the post's key lists keep them. */
const refreshPostKeys = (table: string, fk: string, suffix: string, value: string) => `
  UPDATE ${table} x SET
    image_${suffix} = ARRAY(SELECT ${value} FROM post_media m
                             WHERE m.${fk} = x.id AND m.media_type = 'photo' AND m.status = 'ready'
                             ORDER BY m.position, m.id),
    video_${suffix} = ARRAY(SELECT ${value} FROM post_media m
                             WHERE m.${fk} = x.id AND m.media_type = 'video' AND m.status = 'ready'
                             ORDER BY m.position, m.id);`;

/*
 * Media leave the public bucket (issue 10): every answer signs a short-lived URL for each key, so
 * the database keeps object keys, not URLs. Columns that held URLs are renamed for what they hold
 * now; a value that names no object of ours (a foreign URL) is dropped. `post_media.display_key` is
 * null until the item is ready: before, it held the raw upload's URL, which nothing may serve.
 */
export class PrivateMediaKeys1764300000000 implements MigrationInterface {
  name = 'PrivateMediaKeys1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file ban-drop-not-null, renaming-column, require-concurrent-index-creation
      -- Where the URLs pointed, kept with the column so that down can rebuild them.
      DO $$ BEGIN
        EXECUTE format('COMMENT ON COLUMN post_media.url IS %L', ${URL_BASE_NOTE} || COALESCE(
          (SELECT substring(u from ${BASE_IN_URL})
             FROM (SELECT url AS u FROM post_media UNION ALL SELECT avatar_url FROM profiles) stored
            WHERE u ~ ${BASE_IN_URL} LIMIT 1),
          ${DEFAULT_BASE}));
      END $$;

      ALTER TABLE profiles RENAME COLUMN avatar_url TO avatar_key;
      UPDATE profiles SET avatar_key = substring(avatar_key from ${KEY_IN_URL}) WHERE avatar_key IS NOT NULL;

      ALTER TABLE post_media RENAME COLUMN url TO display_key;
      ALTER TABLE post_media ALTER COLUMN display_key DROP NOT NULL;
      UPDATE post_media
         SET display_key = CASE WHEN status = 'ready' THEN substring(display_key from ${KEY_IN_URL}) END;
      UPDATE post_media SET variants = ${variantsWithKeys('variants')} WHERE variants ? 'url';
      UPDATE media_uploads SET variants = ${variantsWithKeys('variants')} WHERE variants ? 'url';

      ALTER TABLE activities RENAME COLUMN image_urls TO image_keys;
      ALTER TABLE activities RENAME COLUMN video_urls TO video_keys;
      ALTER TABLE dates RENAME COLUMN image_urls TO image_keys;
      ALTER TABLE dates RENAME COLUMN video_urls TO video_keys;
      ${refreshPostKeys('activities', 'activity_id', 'keys', 'm.display_key')}
      ${refreshPostKeys('dates', 'date_id', 'keys', 'm.display_key')}

      -- What the media.rekey-legacy job has left to move: empty once it has, so its look is free.
      CREATE INDEX post_media_legacy_key_idx ON post_media (id)
        WHERE status = 'ready' AND display_key !~ ${TOKENED};
      CREATE INDEX media_uploads_legacy_avatar_idx ON media_uploads (id)
        WHERE kind = 'avatar' AND status = 'ready' AND variants ->> 'key' !~ ${TOKENED};
    `);
  }

  /** URLs again, at the public address they had before up (the local default when there were none). */
  async down(queryRunner: QueryRunner): Promise<void> {
    const [{ base }] = (await queryRunner.query(
      `SELECT substring(col_description('post_media'::regclass, a.attnum) from length(${URL_BASE_NOTE}) + 1)
              AS base
         FROM pg_attribute a WHERE a.attrelid = 'post_media'::regclass AND a.attname = 'display_key'`,
    )) as [{ base: string }];
    const baseSql = `'${base.replace(/'/g, "''")}'`;
    await queryRunner.query(`
      COMMENT ON COLUMN post_media.display_key IS NULL;
      DROP INDEX media_uploads_legacy_avatar_idx;
      DROP INDEX post_media_legacy_key_idx;

      ALTER TABLE dates RENAME COLUMN image_keys TO image_urls;
      ALTER TABLE dates RENAME COLUMN video_keys TO video_urls;
      ALTER TABLE activities RENAME COLUMN image_keys TO image_urls;
      ALTER TABLE activities RENAME COLUMN video_keys TO video_urls;

      UPDATE media_uploads SET variants = ${variantsWithUrls('variants', baseSql)} WHERE variants ? 'key';
      UPDATE post_media SET variants = ${variantsWithUrls('variants', baseSql)} WHERE variants ? 'key';
      UPDATE post_media SET display_key = ${baseSql} || '/' || COALESCE(display_key, storage_key);
      ALTER TABLE post_media ALTER COLUMN display_key SET NOT NULL;
      ALTER TABLE post_media RENAME COLUMN display_key TO url;
      ${refreshPostKeys('activities', 'activity_id', 'urls', 'm.url')}
      ${refreshPostKeys('dates', 'date_id', 'urls', 'm.url')}

      UPDATE profiles SET avatar_key = ${baseSql} || '/' || avatar_key WHERE avatar_key IS NOT NULL;
      ALTER TABLE profiles RENAME COLUMN avatar_key TO avatar_url;
    `);
  }
}
