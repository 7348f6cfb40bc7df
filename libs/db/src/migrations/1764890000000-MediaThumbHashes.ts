import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Every ready photo or video carries a ThumbHash (issue 24): about 25 bytes, base64, that the web
 * decodes into a blurred preview of the right colours and aspect while the image loads, small enough
 * to ride along in every card. Media processed earlier get theirs from `media.backfill-thumbhashes`;
 * the partial index makes that job's look for what is left (nothing, after the first run) free.
 */
export class MediaThumbHashes1764890000000 implements MigrationInterface {
  name = 'MediaThumbHashes1764890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-creation
      ALTER TABLE post_media ADD COLUMN thumbhash text;
      CREATE INDEX post_media_thumbhash_missing_idx ON post_media (id)
        WHERE status = 'ready' AND thumbhash IS NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX post_media_thumbhash_missing_idx;
      ALTER TABLE post_media DROP COLUMN thumbhash;
    `);
  }
}
