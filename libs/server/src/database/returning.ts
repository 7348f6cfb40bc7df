import type { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE … RETURNING and gives back its rows. TypeORM's PostgreSQL driver answers
 * such statements with `[rows, affectedCount]` (an INSERT or SELECT gives the rows alone), which is
 * easy to destructure wrongly; this keeps every caller honest.
 */
export async function modifyReturning<T>(
  manager: Pick<EntityManager, 'query'>,
  sql: string,
  parameters: unknown[],
): Promise<T[]> {
  const result = await manager.query<[T[], number]>(sql, parameters);
  return result[0];
}
