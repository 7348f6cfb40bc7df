import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Plans (issue 22): a `plan.create` replayed after its plan was deleted made a new plan, because the
 * creating event, which the replay was found by, goes with the plan. plan_creations remembers each
 * creation's op id beyond its plan: plan_id is cleared when the plan is deleted, so a replay finds
 * the op and answers that the plan is gone. Its key takes over from plan_events_create_op_key: one
 * probe per create, and two attempts racing with one op id fail on 23505 instead of both
 * committing a plan. A row is two uuids and an id, one per plan ever made.
 */
export class PlanCreations1764870000000 implements MigrationInterface {
  name = 'PlanCreations1764870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-deletion
      CREATE TABLE plan_creations (
        actor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        op_id    uuid NOT NULL,
        -- Null once the plan is deleted: the op is still known, its plan is gone.
        plan_id  bigint REFERENCES planned_dates (id) ON DELETE SET NULL,
        PRIMARY KEY (actor_id, op_id)
      );
      CREATE INDEX plan_creations_plan_idx ON plan_creations (plan_id);
      INSERT INTO plan_creations (actor_id, op_id, plan_id)
        SELECT e.actor_id, e.op_id, e.plan_id FROM plan_events e
          JOIN profiles p ON p.id = e.actor_id
         WHERE e.version = 1;
      DROP INDEX plan_events_create_op_key;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNIQUE INDEX plan_events_create_op_key ON plan_events (actor_id, op_id) WHERE version = 1;
      DROP TABLE plan_creations;
    `);
  }
}
