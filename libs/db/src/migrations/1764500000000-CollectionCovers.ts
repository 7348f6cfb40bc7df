import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * A collection's own cover photo goes through the media pipeline (issue 11). `cover_upload_id` is
 * the upload the member chose last, whatever its status, so the api can tell a cover still being
 * processed and discard the one a new choice replaces; `cover_key` is the key of its display
 * rendition, written by the worker once ready. `cover_photo` was never written, so it is renamed
 * rather than converted.
 */
export class CollectionCovers1764500000000 implements MigrationInterface {
  name = 'CollectionCovers1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file adding-foreign-key-constraint, renaming-column, require-concurrent-index-creation
      ALTER TABLE collections RENAME COLUMN cover_photo TO cover_key;
      ALTER TABLE collections
        ADD COLUMN cover_upload_id uuid REFERENCES media_uploads (id) ON DELETE SET NULL;
      -- The worker finds a cover's collection by its upload, and deleting an upload checks here.
      CREATE INDEX collections_cover_upload_idx ON collections (cover_upload_id) WHERE cover_upload_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX collections_cover_upload_idx;
      ALTER TABLE collections DROP COLUMN cover_upload_id;
      ALTER TABLE collections RENAME COLUMN cover_key TO cover_photo;
    `);
  }
}
