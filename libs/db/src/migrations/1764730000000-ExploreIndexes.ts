import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Explore (issue 12) ranks creators by how many people follow them. Counting follows at read time
 * is an index-only scan per profile, fine for one profile page but not for ranking a hundred
 * thousand profiles, so the count is kept on the profile row, exact inside the writing
 * transaction, like a post's like_count:
 * - `follower_count` counts follows whose follower is not an admin (spec section 6: admins are
 *   never counted), so it equals what `followerCountSql` computes.
 * - A follow row written or removed moves it by one; a profile made admin or standard moves the
 *   counts of everyone it follows; an admin's follows are removed before its profile goes, so the
 *   cascade does not count them down.
 * - `profiles_popular_idx` serves "the most followed public creators" as a walk of its first rows.
 * - `post_scores_activity_rank_idx` serves Featured Activities, the top of the For You score for
 *   activities alone, without stepping over the dates that the shared rank index interleaves.
 */
export class ExploreIndexes1764730000000 implements MigrationInterface {
  name = 'ExploreIndexes1764730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-creation
      ALTER TABLE profiles ADD COLUMN follower_count integer NOT NULL DEFAULT 0;
      UPDATE profiles p SET follower_count = c.n
        FROM (SELECT f.following_id, count(*)::int AS n FROM follows f
                JOIN profiles fp ON fp.id = f.follower_id
               WHERE fp.access_type <> 'admin' GROUP BY f.following_id) c
       WHERE p.id = c.following_id;

      CREATE FUNCTION follows_maintain_follower_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE profiles SET follower_count = follower_count - 1
           WHERE id = OLD.following_id
             AND NOT EXISTS (SELECT 1 FROM profiles a WHERE a.id = OLD.follower_id AND a.access_type = 'admin');
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE profiles SET follower_count = follower_count + 1
           WHERE id = NEW.following_id
             AND NOT EXISTS (SELECT 1 FROM profiles a WHERE a.id = NEW.follower_id AND a.access_type = 'admin');
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER follows_maintain_follower_count
        AFTER INSERT OR DELETE OR UPDATE OF follower_id, following_id ON follows
        FOR EACH ROW EXECUTE FUNCTION follows_maintain_follower_count();

      CREATE FUNCTION profiles_access_type_follower_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE profiles SET follower_count = follower_count
            + CASE WHEN NEW.access_type = 'admin' THEN -1 ELSE 1 END
         WHERE id IN (SELECT following_id FROM follows WHERE follower_id = NEW.id);
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER profiles_access_type_follower_count
        AFTER UPDATE OF access_type ON profiles
        FOR EACH ROW WHEN ((OLD.access_type = 'admin') IS DISTINCT FROM (NEW.access_type = 'admin'))
        EXECUTE FUNCTION profiles_access_type_follower_count();

      -- Once the profile row is gone the follows trigger can no longer tell an admin's follow apart.
      CREATE FUNCTION profiles_admin_delete_follows() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM follows WHERE follower_id = OLD.id;
        RETURN OLD;
      END
      $fn$;
      CREATE TRIGGER profiles_admin_delete_follows
        BEFORE DELETE ON profiles
        FOR EACH ROW WHEN (OLD.access_type = 'admin')
        EXECUTE FUNCTION profiles_admin_delete_follows();

      CREATE INDEX profiles_popular_idx ON profiles (follower_count DESC, created_at DESC, id)
        WHERE access_type = 'standard' AND NOT is_private;
      CREATE INDEX post_scores_activity_rank_idx ON post_scores (score DESC, post_id DESC)
        WHERE kind = 'activity';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX post_scores_activity_rank_idx;
      DROP INDEX profiles_popular_idx;
      DROP TRIGGER profiles_admin_delete_follows ON profiles;
      DROP FUNCTION profiles_admin_delete_follows();
      DROP TRIGGER profiles_access_type_follower_count ON profiles;
      DROP FUNCTION profiles_access_type_follower_count();
      DROP TRIGGER follows_maintain_follower_count ON follows;
      DROP FUNCTION follows_maintain_follower_count();
      ALTER TABLE profiles DROP COLUMN follower_count;
    `);
  }
}
