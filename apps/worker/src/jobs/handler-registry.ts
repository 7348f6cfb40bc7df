import { JOB_NAMES, type JobName } from '@datebook/contracts';
import type { JobHandler } from './job-handler';

/**
 * Maps every job of the registry to exactly one handler. The worker refuses to boot otherwise: a job
 * without a handler would sit in its queue forever, and two handlers would race.
 */
export function buildHandlerRegistry(handlers: JobHandler[]): Map<JobName, JobHandler> {
  const registry = new Map<JobName, JobHandler>();
  const problems: string[] = [];
  for (const handler of handlers) {
    if (registry.has(handler.job)) {
      problems.push(`job "${handler.job}" has more than one handler`);
    }
    registry.set(handler.job, handler);
  }
  for (const name of JOB_NAMES) {
    if (!registry.has(name)) {
      problems.push(`job "${name}" has no handler`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`The job registry is incomplete:\n  - ${problems.join('\n  - ')}`);
  }
  return registry;
}
