import type { DataSource, EntityManager } from 'typeorm';

/** What a repository runs its statements on: the pool, or the manager of an open transaction. */
export type SqlExecutor = DataSource | EntityManager;

/**
 * The base of every repository: the SQL of one table group, run on the pool or, through `in(tx)`,
 * inside a caller's transaction so its statements commit or roll back with the rest. Statements
 * are parameterised SQL and their rows are typed by interfaces declared beside them, once: the
 * migrations are the schema, so a column is spelled in its migration and in one row type.
 */
export abstract class SqlRepository {
  constructor(protected readonly db: SqlExecutor) {}

  /** The same repository bound to an open transaction's manager. */
  in(manager: EntityManager): this {
    const Bound = this.constructor as new (db: SqlExecutor) => this;
    return new Bound(manager);
  }

  protected query<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return this.db.query<T[]>(sql, parameters);
  }

  /**
   * Runs an UPDATE or DELETE … RETURNING and gives back its rows. TypeORM's PostgreSQL driver
   * answers such statements with `[rows, affectedCount]` (an INSERT or SELECT gives the rows alone),
   * which is easy to destructure wrongly; this keeps every caller honest.
   */
  protected async modifyReturning<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    const result = await this.db.query<[T[], number]>(sql, parameters);
    return result[0];
  }
}
