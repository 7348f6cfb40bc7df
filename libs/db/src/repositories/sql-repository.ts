import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { isConnectionLoss } from '../connection-loss';
import { ReconnectingDataSource } from '../reconnecting-data-source';

/** The driver's own client under a transaction's query runner (node-postgres). */
interface DriverClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** TypeORM's PostgreSQL query runner, as far as a prepared read on the pool uses it. */
interface PooledRunner {
  databaseConnection: DriverClient;
  connect(): Promise<unknown>;
  releasePostgresConnection(error: unknown): Promise<void>;
  release(): Promise<void>;
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

  /**
   * A hot read as a named prepared statement wherever it runs: in a transaction as `prepared`, and on
   * the pool too, where each pooled connection parses and plans it once (node-postgres remembers
   * which names a connection has prepared). The name is a hash of the text, so a statement whose
   * text varies by shape is prepared once per shape. A connection lost under it is tried once more on
   * another, as the data source retries its reads.
   */
  protected async preparedRead<T>(prefix: string, sql: string, parameters: unknown[]): Promise<T[]> {
    const name = `${prefix}_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    if (!(this.db instanceof DataSource)) {
      return this.prepared<T>(name, sql, parameters);
    }
    for (let attempt = 1; ; attempt += 1) {
      const runner = this.db.createQueryRunner() as unknown as PooledRunner;
      try {
        await runner.connect();
        const result = await runner.databaseConnection.query({ name, text: sql, values: parameters });
        return result.rows as T[];
      } catch (error) {
        if (!isConnectionLoss(error)) {
          throw error;
        }
        // Released with its error, the pool ends that connection instead of handing it out again.
        await runner.releasePostgresConnection(error);
        const outcome = attempt === 2 ? 'failed' : 'retried';
        if (this.db instanceof ReconnectingDataSource) {
          this.db.onRetry({ kind: 'read', outcome, attempt, error });
        }
        if (outcome === 'failed') {
          throw error;
        }
      } finally {
        await runner.release();
      }
    }
  }
}
