import type { DataSource, EntityManager } from 'typeorm';

/** The driver's own client under a transaction's query runner (node-postgres). */
interface DriverClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

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

  /**
   * A hot statement inside a transaction, as a named prepared statement: PostgreSQL parses and plans
   * it once per connection instead of on every call. `name` must stand for exactly this text (the
   * driver refuses one name for two texts on a connection). On the pool, outside a transaction, it
   * is an ordinary statement: there is no one connection to keep the plan on.
   */
  protected async prepared<T>(name: string, sql: string, parameters: unknown[]): Promise<T[]> {
    const runner = 'queryRunner' in this.db ? this.db.queryRunner : undefined;
    const client =
      runner && !runner.isReleased
        ? (runner as unknown as { databaseConnection?: DriverClient }).databaseConnection
        : undefined;
    if (!client) {
      return this.query<T>(sql, parameters);
    }
    const result = await client.query({ name, text: sql, values: parameters });
    return result.rows as T[];
  }
}
