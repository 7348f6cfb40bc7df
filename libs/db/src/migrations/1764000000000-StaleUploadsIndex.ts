import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The hourly stale-upload housekeeping looks for pending and failed uploads untouched for a day.
 * Nearly every upload ends ready, so a partial index keeps that scan to the few that did not.
 */
export class StaleUploadsIndex1764000000000 implements MigrationInterface {
  name = 'StaleUploadsIndex1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-creation
      CREATE INDEX media_uploads_unsettled_idx ON media_uploads (updated_at) WHERE status IN ('pending', 'failed');`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX media_uploads_unsettled_idx;');
  }
}
