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

  it('refuses to boot when a schedule runs a job the registry does not have', () => {
    const schedules = { 'prune-drafts': { job: 'housekeeping.prune-drafts', repeat: { every: 60_000 } } };
    expect(() => buildHandlerRegistry(JOB_NAMES.map(handler), schedules)).toThrow(
      /schedule "prune-drafts" runs "housekeeping.prune-drafts", which is no job of the registry/,
    );
  });

  it('refuses to boot when a schedule runs a job that needs a payload', () => {
    const schedules = { 'purge-someone': { job: 'account.purge', repeat: { pattern: '0 3 * * *' } } };
    expect(() => buildHandlerRegistry(JOB_NAMES.map(handler), schedules)).toThrow(
      /schedule "purge-someone" runs "account.purge", whose payload is not empty/,
    );
  });
});
