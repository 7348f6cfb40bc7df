import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Plans (issue 13): `POST /plans` carries the client's op id of its `plan.create`, so a retry after
 * a lost answer returns the plan the first attempt made instead of a second one. plan_events' op id
 * is unique per plan only, and the plan does not exist yet when the retry arrives, so the creating
 * event (always version 1) is found by its actor and op id. The index makes that lookup one probe,
 * and makes two attempts racing with one op id fail on 23505 instead of both committing a plan.
 */
export class PlanCreateOps1764810000000 implements MigrationInterface {
  name = 'PlanCreateOps1764810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file require-concurrent-index-creation
      CREATE UNIQUE INDEX plan_events_create_op_key ON plan_events (actor_id, op_id) WHERE version = 1;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX plan_events_create_op_key;`);
  }
}
