import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * A comment's client id (issue 26): the web makes one per comment written and sends it with every
 * attempt, so a comment resent after its answer was lost (a connection that dropped mid-request,
 * a write queued offline) is stored once. Unique per author; comments from before have none.
 *
 * `comments` holds rows in production, so its index is built CONCURRENTLY, which cannot run in a
 * transaction (docs/migrations.md): each statement stands alone and may run again.
 */
export class CommentClientIds1764940000000 implements MigrationInterface {
  name = 'CommentClientIds1764940000000';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE comments ADD COLUMN IF NOT EXISTS client_id uuid`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS comments_user_client_id_key ON comments (user_id, client_id)
         WHERE client_id IS NOT NULL`,
    );
  }

  // TypeORM runs every `down` in a transaction, where CONCURRENTLY is refused; a revert is rare and
  // brief on an index nobody else needs.
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS comments_user_client_id_key`);
    await queryRunner.query(`ALTER TABLE comments DROP COLUMN IF EXISTS client_id`);
  }
}
