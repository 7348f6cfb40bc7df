import { JOB_NAMES, jobs, jobSchedules, type JobName, type JobRepeat } from '@datebook/contracts';
import type { JobHandler } from './job-handler';

/**
 * Maps every job of the registry to exactly one handler, and checks that every schedule runs a job of
 * the registry with the empty payload it is given. The worker refuses to boot otherwise: a job without
 * a handler would sit in its queue forever, two handlers would race, and a schedule's jobs would fail
 * every time they came due.
 */
export function buildHandlerRegistry(
  handlers: JobHandler[],
  schedules: Record<string, { job: string; repeat: JobRepeat }> = jobSchedules,
): Map<JobName, JobHandler> {
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
  for (const [id, { job }] of Object.entries(schedules)) {
    if (!isJobName(job)) {
      problems.push(`schedule "${id}" runs "${job}", which is no job of the registry`);
    } else if (!jobs[job].payload.safeParse({}).success) {
      problems.push(`schedule "${id}" runs "${job}", whose payload is not empty`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`The job registry is incomplete:\n  - ${problems.join('\n  - ')}`);
  }
  return registry;
}

function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobs, name);
}
