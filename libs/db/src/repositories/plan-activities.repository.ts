import type { Budget } from '@datebook/contracts';
import { activityCoverSql } from './plan-sql';
import { visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';

/** An activity as an entry would link it, checked against the actor. */
export interface PlanActivityRow {
  id: string;
  user_id: string;
  is_custom: boolean;
  /** The actor may see it (visiblePostSql); the other fields are null when not. */
  visible: boolean;
  title: string | null;
  location: string | null;
  budget: Budget | null;
  cover_key: string | null;
}

/** The activity an entry of a plan links, as the acting member may see it. */
export class PlanActivitiesRepository extends SqlRepository {
  /** The activity an entry would link, as the actor may see it; undefined when it does not exist. */
  async activityForPlan(actorId: string, activityId: string): Promise<PlanActivityRow | undefined> {
    const [row] = await this.query<PlanActivityRow>(
      `SELECT a.id, a.user_id, a.is_custom, v.visible,
              CASE WHEN v.visible THEN a.title::text END AS title,
              CASE WHEN v.visible THEN a.location END AS location,
              CASE WHEN v.visible THEN a.budget END AS budget,
              CASE WHEN v.visible THEN ${activityCoverSql('a')} END AS cover_key
         FROM activities a JOIN profiles ap ON ap.id = a.user_id
        CROSS JOIN LATERAL (SELECT ${visiblePostSql('activity', 'a', 'ap', '$1')} AS visible) v
        WHERE a.id = $2`,
      [actorId, activityId],
    );
    return row;
  }
}
