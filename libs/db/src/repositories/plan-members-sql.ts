/*
 * Plan membership in SQL, for a plan row aliased `plan` and a user given as a uuid parameter or
 * column: the owner, or a collaborator (one probe of plan_collaborators' key). planRoleOf in
 * libs/domain is the same rule over a plan's state.
 */

const ownsPlanSql = (plan: string, user: string): string => `${plan}.owner_id = ${user}::uuid`;

/** `user` collaborates on plan `plan`. */
export const collaboratesOnPlanSql = (plan: string, user: string): string =>
  `EXISTS (SELECT 1 FROM plan_collaborators mpc WHERE mpc.planned_date_id = ${plan}.id AND mpc.user_id = ${user}::uuid)`;

/** `user` is on plan `plan`: its owner or a collaborator. */
export const planMemberSql = (plan: string, user: string): string =>
  `(${ownsPlanSql(plan, user)} OR ${collaboratesOnPlanSql(plan, user)})`;

/** `user`'s role on plan `plan`: 'owner', 'collaborator', or NULL for anyone else. */
export const planRoleSql = (plan: string, user: string): string =>
  `CASE WHEN ${ownsPlanSql(plan, user)} THEN 'owner' WHEN ${collaboratesOnPlanSql(plan, user)} THEN 'collaborator' END`;
