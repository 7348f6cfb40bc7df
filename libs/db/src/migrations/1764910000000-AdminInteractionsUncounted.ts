import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Admins are invisible (spec section 6; issue 24): their likes and comments count on no post, as
 * their follows count on no profile (ExploreIndexes). The post rows' like_count and comment_count
 * stay exact inside the writing transaction, now over non-admin rows only:
 * - A like or comment written or removed by an admin moves nothing.
 * - A profile made admin or standard moves the counts of every post it liked or commented on.
 * - An admin's likes and comments are removed before its profile goes, so the cascade, which can no
 *   longer tell whose rows they were, does not count them down.
 * - Counts already stored are recomputed where an admin liked or commented.
 */
export class AdminInteractionsUncounted1764910000000 implements MigrationInterface {
  name = 'AdminInteractionsUncounted1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION likes_maintain_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE')
           AND NOT EXISTS (SELECT 1 FROM profiles a WHERE a.id = OLD.user_id AND a.access_type = 'admin') THEN
          UPDATE activities SET like_count = like_count - 1 WHERE id = OLD.activity_id;
          UPDATE dates SET like_count = like_count - 1 WHERE id = OLD.date_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE')
           AND NOT EXISTS (SELECT 1 FROM profiles a WHERE a.id = NEW.user_id AND a.access_type = 'admin') THEN
          UPDATE activities SET like_count = like_count + 1 WHERE id = NEW.activity_id;
          UPDATE dates SET like_count = like_count + 1 WHERE id = NEW.date_id;
        END IF;
        RETURN NULL;
      END
      $fn$;

      CREATE OR REPLACE FUNCTION comments_maintain_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM profiles a WHERE a.id = OLD.user_id AND a.access_type = 'admin') THEN
          UPDATE activities SET comment_count = comment_count - 1 WHERE id = OLD.activity_id;
          UPDATE dates SET comment_count = comment_count - 1 WHERE id = OLD.date_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM profiles a WHERE a.id = NEW.user_id AND a.access_type = 'admin') THEN
          UPDATE activities SET comment_count = comment_count + 1 WHERE id = NEW.activity_id;
          UPDATE dates SET comment_count = comment_count + 1 WHERE id = NEW.date_id;
        END IF;
        RETURN NULL;
      END
      $fn$;

      CREATE FUNCTION profiles_access_type_interaction_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        step integer := CASE WHEN NEW.access_type = 'admin' THEN -1 ELSE 1 END;
      BEGIN
        UPDATE activities SET like_count = like_count + step
         WHERE id IN (SELECT activity_id FROM likes WHERE user_id = NEW.id);
        UPDATE dates SET like_count = like_count + step
         WHERE id IN (SELECT date_id FROM likes WHERE user_id = NEW.id);
        UPDATE activities x SET comment_count = comment_count + step * c.n
          FROM (SELECT activity_id, count(*)::int AS n FROM comments
                 WHERE user_id = NEW.id AND deleted_at IS NULL AND activity_id IS NOT NULL
                 GROUP BY activity_id) c
         WHERE x.id = c.activity_id;
        UPDATE dates x SET comment_count = comment_count + step * c.n
          FROM (SELECT date_id, count(*)::int AS n FROM comments
                 WHERE user_id = NEW.id AND deleted_at IS NULL AND date_id IS NOT NULL
                 GROUP BY date_id) c
         WHERE x.id = c.date_id;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER profiles_access_type_interaction_counts
        AFTER UPDATE OF access_type ON profiles
        FOR EACH ROW WHEN ((OLD.access_type = 'admin') IS DISTINCT FROM (NEW.access_type = 'admin'))
        EXECUTE FUNCTION profiles_access_type_interaction_counts();

      CREATE FUNCTION profiles_admin_delete_interactions() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM likes WHERE user_id = OLD.id;
        DELETE FROM comments WHERE user_id = OLD.id;
        RETURN OLD;
      END
      $fn$;
      CREATE TRIGGER profiles_admin_delete_interactions
        BEFORE DELETE ON profiles
        FOR EACH ROW WHEN (OLD.access_type = 'admin')
        EXECUTE FUNCTION profiles_admin_delete_interactions();

      UPDATE activities x SET like_count = like_count - c.n
        FROM (SELECT l.activity_id, count(*)::int AS n FROM likes l JOIN profiles a ON a.id = l.user_id
               WHERE a.access_type = 'admin' AND l.activity_id IS NOT NULL GROUP BY l.activity_id) c
       WHERE x.id = c.activity_id;
      UPDATE dates x SET like_count = like_count - c.n
        FROM (SELECT l.date_id, count(*)::int AS n FROM likes l JOIN profiles a ON a.id = l.user_id
               WHERE a.access_type = 'admin' AND l.date_id IS NOT NULL GROUP BY l.date_id) c
       WHERE x.id = c.date_id;
      UPDATE activities x SET comment_count = comment_count - c.n
        FROM (SELECT m.activity_id, count(*)::int AS n FROM comments m JOIN profiles a ON a.id = m.user_id
               WHERE a.access_type = 'admin' AND m.deleted_at IS NULL AND m.activity_id IS NOT NULL
               GROUP BY m.activity_id) c
       WHERE x.id = c.activity_id;
      UPDATE dates x SET comment_count = comment_count - c.n
        FROM (SELECT m.date_id, count(*)::int AS n FROM comments m JOIN profiles a ON a.id = m.user_id
               WHERE a.access_type = 'admin' AND m.deleted_at IS NULL AND m.date_id IS NOT NULL
               GROUP BY m.date_id) c
       WHERE x.id = c.date_id;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER profiles_admin_delete_interactions ON profiles;
      DROP FUNCTION profiles_admin_delete_interactions();
      DROP TRIGGER profiles_access_type_interaction_counts ON profiles;
      DROP FUNCTION profiles_access_type_interaction_counts();

      CREATE OR REPLACE FUNCTION likes_maintain_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE activities SET like_count = like_count - 1 WHERE id = OLD.activity_id;
          UPDATE dates SET like_count = like_count - 1 WHERE id = OLD.date_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE activities SET like_count = like_count + 1 WHERE id = NEW.activity_id;
          UPDATE dates SET like_count = like_count + 1 WHERE id = NEW.date_id;
        END IF;
        RETURN NULL;
      END
      $fn$;

      CREATE OR REPLACE FUNCTION comments_maintain_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.deleted_at IS NULL THEN
          UPDATE activities SET comment_count = comment_count - 1 WHERE id = OLD.activity_id;
          UPDATE dates SET comment_count = comment_count - 1 WHERE id = OLD.date_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
          UPDATE activities SET comment_count = comment_count + 1 WHERE id = NEW.activity_id;
          UPDATE dates SET comment_count = comment_count + 1 WHERE id = NEW.date_id;
        END IF;
        RETURN NULL;
      END
      $fn$;

      UPDATE activities x SET like_count = (SELECT count(*) FROM likes l WHERE l.activity_id = x.id),
             comment_count = (SELECT count(*) FROM comments m WHERE m.activity_id = x.id AND m.deleted_at IS NULL)
       WHERE x.id IN (SELECT activity_id FROM likes UNION SELECT activity_id FROM comments);
      UPDATE dates x SET like_count = (SELECT count(*) FROM likes l WHERE l.date_id = x.id),
             comment_count = (SELECT count(*) FROM comments m WHERE m.date_id = x.id AND m.deleted_at IS NULL)
       WHERE x.id IN (SELECT date_id FROM likes UNION SELECT date_id FROM comments);
    `);
  }
}
