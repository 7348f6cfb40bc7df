import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Issue 21: `activities.site_specific` only mirrored `location_type = 'Site Specific'` since
 * PostPublishing, and no index or query needs it stored: the page derives `siteSpecific` from the
 * type and the search index copies the filter into `search_documents` when it writes a row. One
 * column then holds the fact. Down brings the mirror back, filled from the type.
 */
export class DropActivitySiteSpecific1764820000000 implements MigrationInterface {
  name = 'DropActivitySiteSpecific1764820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file ban-drop-column
      ALTER TABLE activities DROP COLUMN site_specific;`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE activities ADD COLUMN site_specific boolean NOT NULL DEFAULT false;
      UPDATE activities SET site_specific = true WHERE location_type = 'Site Specific';
    `);
  }
}
