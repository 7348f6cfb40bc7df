import Fastify from 'fastify';
import { createLogger, loadConfig } from '@datebook/server';
import { logCapture } from '@datebook/server/testing';

describe('request logs', () => {
  it('show the page a one-time link opened, never its token', async () => {
    const capture = logCapture();
    // The api's logger, handed to Fastify as app.factory does: its serializers replace Fastify's.
    const fastify = Fastify({
      loggerInstance: createLogger(loadConfig({ LOG_LEVEL: 'info' }), 'api', capture.stream),
    });
    fastify.get('/auth/confirm', (_request, reply) => reply.send('page'));

    await fastify.inject({ method: 'GET', url: '/auth/confirm?token_hash=abc123&type=signup' });
    await fastify.close();

    const incoming = capture.lines().find((line) => line.msg === 'incoming request');
    expect(incoming).toMatchObject({
      req: { method: 'GET', url: '/auth/confirm?token_hash=[redacted]&type=signup' },
    });
    expect(capture.text()).not.toContain('abc123');
  });
});
