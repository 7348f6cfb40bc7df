import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ERROR_CODES, messages } from '@datebook/contracts';
import {
  ConflictError,
  DomainError,
  InvalidAccessCodeError,
  RateLimitedError,
  ValidationError,
} from '@datebook/server';
import { statusForCode, toErrorResponse } from './error-response';

describe('toErrorResponse', () => {
  it('gives every error code a real status', () => {
    const statuses = ERROR_CODES.map(statusForCode);
    expect(statuses).toEqual([400, 401, 403, 404, 409, 429, 403, 500, 503]);
  });

  it('carries a domain error’s spec message and code', () => {
    const response = toErrorResponse(new ConflictError(messages.forms.earlyAccessDuplicate));
    expect(response).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Email is already submitted.' } },
      headers: {},
    });
    expect(toErrorResponse(new InvalidAccessCodeError()).status).toBe(403);
  });

  it('lists the field issues of a validation error', () => {
    const response = toErrorResponse(
      new ValidationError([{ path: 'email', message: 'Please enter your email' }]),
    );
    expect(response.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please enter your email',
      issues: [{ path: 'email', message: 'Please enter your email' }],
    });
  });

  it('tells a rate-limited client when to come back', () => {
    expect(toErrorResponse(new RateLimitedError(42)).headers).toEqual({ 'retry-after': '42' });
  });

  it('maps framework client errors to the same body', () => {
    expect(toErrorResponse(new NotFoundException()).body).toEqual({
      error: { code: 'NOT_FOUND', message: messages.errors.notFound },
    });
    expect(toErrorResponse(new BadRequestException('nope')).status).toBe(400);
    const badJson = Object.assign(new Error('Body is not valid JSON'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect(toErrorResponse(badJson)).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED' } },
    });
  });

  it('says a store that is down is unavailable for now, with when to retry, never a 500', () => {
    const redisDown = Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
      name: 'MaxRetriesPerRequestError',
    });
    const redisClosed = new Error('Connection is closed.');
    const sessionEnded = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const wrapped = Object.assign(new Error('query failed'), { driverError: sessionEnded });
    for (const outage of [redisDown, redisClosed, sessionEnded, wrapped]) {
      const response = toErrorResponse(outage);
      expect(response).toMatchObject({
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: messages.errors.unavailable } },
        headers: { 'retry-after': '5' },
      });
      expect(response.unexpected?.error).toBe(outage);
    }
    expect(toErrorResponse(new Error('duplicate key value violates unique constraint')).status).toBe(500);
  });

  it('hides unexpected errors behind an id the server logs', () => {
    const boom = new Error('relation "x" does not exist');
    const response = toErrorResponse(boom);
    expect(response.status).toBe(500);
    expect(response.body.error.message).toBe(messages.errors.unexpected);
    expect(response.body.error.errorId).toBe(response.unexpected?.errorId);
    expect(JSON.stringify(response.body)).not.toContain('relation');
    expect(response.unexpected?.error).toBe(boom);
  });

  it('treats a server-side HTTP exception and a plain DomainError subclass correctly', () => {
    expect(toErrorResponse(new DomainError('FORBIDDEN', 'no')).status).toBe(403);
  });
});
