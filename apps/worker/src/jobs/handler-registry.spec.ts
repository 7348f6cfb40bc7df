import { JOB_NAMES } from '@datebook/contracts';
import { buildHandlerRegistry } from './handler-registry';
import { done, type JobHandler } from './job-handler';

const handler = (job: JobHandler['job']): JobHandler => ({ job, handle: () => Promise.resolve(done()) });

describe('buildHandlerRegistry', () => {
  it('maps every job to its handler', () => {
    const registry = buildHandlerRegistry(JOB_NAMES.map(handler));
    expect([...registry.keys()].sort()).toEqual([...JOB_NAMES].sort());
  });

  it('refuses to boot when a job has no handler', () => {
    expect(() => buildHandlerRegistry([])).toThrow(/job "mail.early-access-ack" has no handler/);
  });

  it('refuses to boot when a job has two handlers', () => {
    expect(() => buildHandlerRegistry([...JOB_NAMES.map(handler), handler('mail.early-access-ack')])).toThrow(
      /more than one handler/,
    );
  });
});
