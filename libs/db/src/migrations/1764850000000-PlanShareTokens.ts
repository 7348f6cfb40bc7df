import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Share links are capabilities (issue 22): a plan is reached from outside only through a random
 * token, never through its sequential id. The token is 32 bytes in unpadded base64url (43
 * characters), the same alphabet the api checks. PostgreSQL's built-in gen_random_uuid() draws from
 * the server's strong random source (pg_strong_random) without the pgcrypto extension; two of them
 * give 32 bytes of which 244 bits are random (each uuid fixes 6 version and variant bits).
 *
 * The expression is the column's default, so one rule makes every token: ADD COLUMN evaluates a
 * volatile default once per existing row (each plan gets its own), a new plan gets one on INSERT,
 * and a reset is `SET share_token = DEFAULT`, which ends the old link.
 */
export class PlanShareTokens1764850000000 implements MigrationInterface {
  name = 'PlanShareTokens1764850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file adding-field-with-default, require-concurrent-index-creation
      ALTER TABLE planned_dates
        ADD COLUMN share_token text NOT NULL DEFAULT rtrim(translate(encode(decode(
          replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
          'hex'), 'base64'), '+/', '-_'), '=');
      CREATE UNIQUE INDEX planned_dates_share_token_key ON planned_dates (share_token);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX planned_dates_share_token_key;
      ALTER TABLE planned_dates DROP COLUMN share_token;
    `);
  }
}
