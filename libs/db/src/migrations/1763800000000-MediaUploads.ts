import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * One row per file a member asked to upload, from the presigned URL to its processed renditions.
 * The id is a uuid because it travels in URLs and object keys and should not be guessable.
 * Enumerations are frozen as literals, as in the initial schema.
 */
export class MediaUploads1763800000000 implements MigrationInterface {
  name = 'MediaUploads1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE media_uploads (
        id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id        uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        kind           text NOT NULL,
        storage_key    text NOT NULL CONSTRAINT media_uploads_storage_key_key UNIQUE,
        content_type   text NOT NULL,
        size           integer NOT NULL,
        status         text NOT NULL DEFAULT 'pending',
        failure_reason text,
        variants       jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT media_uploads_kind_check CHECK (kind IN ('activity', 'date', 'avatar', 'collection')),
        CONSTRAINT media_uploads_status_check CHECK (status IN ('pending', 'processing', 'ready', 'failed')),
        CONSTRAINT media_uploads_size_check CHECK (size > 0)
      );
      -- Every read is by id scoped to its owner; the account purge cascades through user_id.
      CREATE INDEX media_uploads_user_idx ON media_uploads (user_id, created_at DESC);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE media_uploads;');
  }
}
