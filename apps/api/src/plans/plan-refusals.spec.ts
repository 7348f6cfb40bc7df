import { messages, planMessages } from '@datebook/contracts';
import { DomainError, ValidationError } from '@datebook/server';
import { socketRefusalOf } from './plan-refusals';

describe('socketRefusalOf', () => {
  it('answers a store that is briefly down with RATE_LIMITED, so the client keeps and resends the edit', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const redisClosed = new Error('Connection is closed.');
    for (const outage of [terminated, { driverError: terminated }, redisClosed]) {
      expect(socketRefusalOf(outage)).toEqual({
        ok: false,
        code: 'RATE_LIMITED',
        message: messages.errors.unavailable,
      });
    }
  });

  it("answers the api's errors with their refusals, a hidden plan as not found", () => {
    expect(socketRefusalOf(new ValidationError([{ path: 'op', message: 'Too long.' }]))).toMatchObject({
      code: 'INVALID',
    });
    expect(socketRefusalOf(new DomainError('NOT_FOUND', 'Not found.'))).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: planMessages.notFound,
    });
  });

  it('leaves a failure of the api itself to the caller', () => {
    expect(socketRefusalOf(new TypeError('undefined is not a function'))).toBeUndefined();
  });
});
