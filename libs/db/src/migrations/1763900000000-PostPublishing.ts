import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * What publishing needs beyond the initial schema. An activity keeps the location type the author
 * chose (Indoor and Outdoor are not derivable from site_specific). A media row remembers the upload
 * it came from, so the worker can settle that upload too and the live event names the id the
 * create flow tracks; the upload row may be purged first, hence SET NULL.
 */
export class PostPublishing1763900000000 implements MigrationInterface {
  name = 'PostPublishing1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file adding-foreign-key-constraint, constraint-missing-not-valid, require-concurrent-index-creation
      ALTER TABLE activities ADD COLUMN location_type text NOT NULL DEFAULT 'Anywhere',
        ADD CONSTRAINT activities_location_type_check
          CHECK (location_type IN ('Anywhere', 'Indoor', 'Outdoor', 'Site Specific'));
      UPDATE activities SET location_type = 'Site Specific' WHERE site_specific;
      ALTER TABLE post_media ADD COLUMN upload_id uuid REFERENCES media_uploads (id) ON DELETE SET NULL;
      CREATE UNIQUE INDEX post_media_upload_key ON post_media (upload_id) WHERE upload_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE post_media DROP COLUMN upload_id;
      ALTER TABLE activities DROP COLUMN location_type;
    `);
  }
}
