import type { SqlExecutor } from '../repositories/sql-repository';
import type { PlanEventRow } from '../repositories';

/**
 * A plan's whole stored log, oldest first: what checks of exactly-once delivery compare with. The
 * product reads the log only through a member's catch-up and history, which project it per reader.
 */
export function planEventLog(db: SqlExecutor, planId: string): Promise<PlanEventRow[]> {
  return db.query<PlanEventRow[]>(
    `SELECT plan_id, version, op_id, actor_id, client_id, op, result, inverse, created_at
       FROM plan_events WHERE plan_id = $1 ORDER BY version`,
    [planId],
  );
}
