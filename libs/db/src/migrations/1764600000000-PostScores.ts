import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The global half of the For You ranking (issue 12): engagement with a time decay, one row per
 * feed-eligible post (not a custom activity, not a non-public date), written by the worker. The
 * api reads the top of `post_scores_rank_idx` and applies the member's own lifts to that bounded set.
 * `author_id` and `category` are copied in so those lifts need no join to the post tables.
 */
export class PostScores1764600000000 implements MigrationInterface {
  name = 'PostScores1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE post_scores (
        kind      text NOT NULL,
        post_id   bigint NOT NULL,
        author_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        category  text,
        score     double precision NOT NULL,
        scored_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, post_id),
        CONSTRAINT post_scores_kind_check CHECK (kind IN ('activity', 'date'))
      );
      CREATE INDEX post_scores_rank_idx ON post_scores (score DESC, kind, post_id);
      CREATE INDEX post_scores_author_idx ON post_scores (author_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE post_scores;`);
  }
}
