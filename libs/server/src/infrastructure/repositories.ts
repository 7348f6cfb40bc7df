import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SqlExecutor, SqlRepository } from '@datebook/db';

/**
 * Providers of the repositories a module's services and handlers inject, each on the process's data
 * source, so Nest injects them by class. Each module lists the ones it uses, which shows the tables
 * a feature reaches in its module file; repositories hold no state, so two modules may list the same.
 */
export function repositories(...classes: Array<new (db: SqlExecutor) => SqlRepository>): Provider[] {
  return classes.map((Repository) => ({
    provide: Repository,
    useFactory: (dataSource: DataSource): SqlRepository => new Repository(dataSource),
    inject: [DataSource],
  }));
}
