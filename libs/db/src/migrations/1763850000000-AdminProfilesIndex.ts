import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Follower and following counts leave admins out (spec section 6). Counting every follow row and
 * subtracting the few that involve an admin keeps a popular profile's count an index-only scan of
 * its follows; this partial index makes the admin side a lookup among a handful of rows.
 */
export class AdminProfilesIndex1763850000000 implements MigrationInterface {
  name = 'AdminProfilesIndex1763850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-creation
      CREATE INDEX profiles_admin_idx ON profiles (id) WHERE access_type = 'admin';`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX profiles_admin_idx;');
  }
}
