import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * A publish may be sent again when its answer was lost (a timeout after the commit). The client
 * names each publish attempt; the same name from the same author finds the post it already made.
 */
export class PublishRequestIds1764100000000 implements MigrationInterface {
  name = 'PublishRequestIds1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-creation
      ALTER TABLE activities ADD COLUMN publish_request_id uuid;
      ALTER TABLE dates ADD COLUMN publish_request_id uuid;
      CREATE UNIQUE INDEX activities_publish_request_key ON activities (user_id, publish_request_id)
        WHERE publish_request_id IS NOT NULL;
      CREATE UNIQUE INDEX dates_publish_request_key ON dates (user_id, publish_request_id)
        WHERE publish_request_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE dates DROP COLUMN publish_request_id;
      ALTER TABLE activities DROP COLUMN publish_request_id;
    `);
  }
}
