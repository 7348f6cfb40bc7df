import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, loadConfig } from '@datebook/server';
import { logCapture } from '@datebook/server/testing';
import { lazyChildLogger, SampledRequestLog, type RequestLogOptions } from './request-log';

/** Fastify with the api's logger and request log (as app.factory builds it), and a few routes. */
function server(options: RequestLogOptions & { level?: string } = {}) {
  const capture = logCapture();
  const logger = createLogger(loadConfig({ LOG_LEVEL: options.level ?? 'info' }), 'api', capture.stream);
  const fastify = Fastify({
    loggerInstance: logger,
    logController: new SampledRequestLog(logger, { slowMs: 60_000, ...options }),
    childLoggerFactory: lazyChildLogger,
  });
  fastify.get('/ok', (_request, reply) => reply.send({ ok: true }));
  fastify.get('/auth/confirm', (_request, reply) => reply.send('page'));
  fastify.get('/missing', (_request, reply) => reply.status(404).send({ error: 'missing' }));
  fastify.get('/broken', () => {
    throw new Error('boom');
  });
  fastify.get('/slow', async () => {
    await sleep(40);
    return { ok: true };
  });
  fastify.get('/noted', (request, reply) => {
    request.log.warn('handler note');
    return reply.send({ ok: true });
  });
  const get = async (url: string, times = 1) => {
    for (let call = 0; call < times; call += 1) {
      await fastify.inject({ method: 'GET', url });
    }
  };
  const lines = (message: string) => capture.lines().filter((line) => line.msg === message);
  return { fastify, capture, get, lines };
}

describe('the sampled request log', () => {
  it('writes one line per logged request, naming the page a one-time link opened but never its token', async () => {
    const { fastify, capture, get } = server();
    await get('/auth/confirm?token_hash=abc123&type=signup');
    await fastify.close();

    expect(capture.lines()).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({
          method: 'GET',
          url: '/auth/confirm?token_hash=[redacted]&type=signup',
        }),
        route: '/auth/confirm',
        res: { statusCode: 200 },
        reqId: expect.any(String),
        unlogged: 0,
      }),
    ]);
    expect(capture.text()).not.toContain('abc123');
  });

  it('logs successes up to the budget of each second, then says how many went unlogged', async () => {
    let now = 5_000;
    const { fastify, get, lines } = server({ successesPerSecond: 2, now: () => now });
    await get('/ok', 5);
    now += 1_000;
    await get('/ok', 1);
    await fastify.close();

    expect(lines('request completed').map((line) => line.unlogged)).toEqual([0, 0, 3]);
  });

  it('logs every error and every slow request, whatever the budget', async () => {
    const { fastify, get, lines } = server({ successesPerSecond: 0, slowMs: 25 });
    await get('/ok', 3);
    await get('/missing', 3);
    await get('/broken', 2);
    await get('/slow');
    await fastify.close();

    expect(lines('request completed').map((line) => line.res)).toEqual([
      { statusCode: 404 },
      { statusCode: 404 },
      { statusCode: 404 },
    ]);
    expect(lines('request errored')).toEqual([
      expect.objectContaining({ level: 'error', res: { statusCode: 500 }, route: '/broken' }),
      expect.objectContaining({ level: 'error', res: { statusCode: 500 }, route: '/broken' }),
    ]);
    expect(lines('slow request')).toEqual([
      expect.objectContaining({ level: 'warn', res: { statusCode: 200 }, route: '/slow' }),
    ]);
  });

  it('keeps errors at a level that leaves successes out', async () => {
    const { fastify, get, lines } = server({ level: 'warn' });
    await get('/ok', 3);
    await get('/broken');
    await fastify.close();

    expect(lines('request completed')).toEqual([]);
    expect(lines('request errored')).toEqual([expect.objectContaining({ level: 'error', route: '/broken' })]);
  });

  it('still binds the request id to what a handler logs', async () => {
    const { fastify, lines } = server({ successesPerSecond: 0 });
    const response = await fastify.inject({ method: 'GET', url: '/noted' });
    await fastify.close();

    expect(response.statusCode).toBe(200);
    expect(lines('handler note')).toEqual([expect.objectContaining({ level: 'warn', reqId: 'req-1' })]);
  });
});
