import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Two refreshes racing with one token: the first rotates it, the second must get the same successor.
 * Only hashes of refresh tokens are stored, so the successor is kept sealed with a key derived from
 * the token it replaced; only a caller holding that token can open it.
 *
 * An e-mail change is announced to the old address with a link that undoes it.
 */
export class SessionHardening1764200000000 implements MigrationInterface {
  name = 'SessionHardening1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file constraint-missing-not-valid
      ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;
      ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check;
      ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
        CHECK (purpose IN ('confirm_email', 'recovery', 'email_change', 'email_change_undo'));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM one_time_tokens WHERE purpose = 'email_change_undo';
      ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check;
      ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
        CHECK (purpose IN ('confirm_email', 'recovery', 'email_change'));
      ALTER TABLE refresh_tokens DROP COLUMN successor_sealed;
    `);
  }
}
