import type { DataSource } from 'typeorm';
import type { Probe } from './readiness';

/** Up when the pool can run a statement; the api and the worker report it the same way. */
export const postgresProbe =
  (dataSource: DataSource): Probe =>
  () =>
    dataSource.query('SELECT 1');
