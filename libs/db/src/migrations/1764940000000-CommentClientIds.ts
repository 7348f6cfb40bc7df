import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * A comment's client id (issue 26): the web makes one per comment written and sends it with every
 * attempt, so a comment resent after its answer was lost (a connection that dropped mid-request,
 * a write queued offline) is stored once. Unique per author; comments from before have none.
 */
export class CommentClientIds1764940000000 implements MigrationInterface {
  name = 'CommentClientIds1764940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE comments ADD COLUMN client_id uuid;
      CREATE UNIQUE INDEX comments_user_client_id_key ON comments (user_id, client_id)
        WHERE client_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX comments_user_client_id_key;
      ALTER TABLE comments DROP COLUMN client_id;
    `);
  }
}
