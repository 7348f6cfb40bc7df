import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Issue 22 (design: Time): a plan's date and times are wall-clock values in the plan's IANA zone,
 * which every member and the shared page read them in. A plan made before had no zone, but the
 * zone of whoever pressed Schedule was stored with each `activity.schedule` op: an existing plan
 * takes its owner's latest one in that plan, else any member's in that plan, else the owner's latest
 * in another plan, else UTC (the zone the old default slot used when none was known). Names are
 * not checked here: the api accepted each one as a zone it knows.
 */
export class PlanTimeZones1764830000000 implements MigrationInterface {
  name = 'PlanTimeZones1764830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file constraint-missing-not-valid
      ALTER TABLE planned_dates
        ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC',
        ADD CONSTRAINT planned_dates_time_zone_length CHECK (char_length(time_zone) BETWEEN 1 AND 64);

      WITH schedule_zones AS (
        SELECT e.plan_id, e.actor_id, e.version, e.op->>'timeZone' AS zone
          FROM plan_events e
         WHERE e.op->>'type' = 'activity.schedule'
           AND char_length(e.op->>'timeZone') BETWEEN 1 AND 64
      ), chosen AS (
        SELECT DISTINCT ON (pd.id) pd.id, z.zone
          FROM planned_dates pd
          JOIN schedule_zones z ON z.plan_id = pd.id OR z.actor_id = pd.owner_id
         ORDER BY pd.id,
                  (z.plan_id = pd.id AND z.actor_id = pd.owner_id) DESC,
                  (z.plan_id = pd.id) DESC,
                  z.plan_id DESC,
                  z.version DESC
      )
      UPDATE planned_dates pd SET time_zone = chosen.zone FROM chosen WHERE chosen.id = pd.id;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE planned_dates DROP COLUMN time_zone;`);
  }
}
