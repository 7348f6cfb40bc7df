import { loadConfig } from '../config';
import { logCapture } from '../testing/log-capture';
import { createLogger } from './logger';

function capturingLogger() {
  const capture = logCapture();
  return { ...capture, logger: createLogger(loadConfig({ LOG_LEVEL: 'info' }), 'api', capture.stream) };
}

describe('createLogger', () => {
  it('logs a request without the one-time token in its URL', () => {
    const { logger, lines, text } = capturingLogger();
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/auth/confirm?token_hash=abc&type=signup',
          host: 'localhost:3000',
          ip: '127.0.0.1',
          socket: { remotePort: 51234 },
          headers: { authorization: 'Bearer secret' },
        },
      },
      'incoming request',
    );
    expect(lines()[0]).toMatchObject({
      service: 'api',
      req: {
        method: 'GET',
        url: '/auth/confirm?token_hash=[redacted]&type=signup',
        host: 'localhost:3000',
        remoteAddress: '127.0.0.1',
        remotePort: 51234,
      },
    });
    expect(text()).not.toContain('abc');
    expect(text()).not.toContain('secret');
  });

  it('redacts a URL logged on its own, as the error filter does', () => {
    const { logger, lines } = capturingLogger();
    logger.error({ url: '/auth/confirm?token_hash=abc', errorId: 'e1' }, 'unexpected error');
    expect(lines()[0]).toMatchObject({ url: '/auth/confirm?token_hash=[redacted]', errorId: 'e1' });
  });

  it('still hides passwords and tokens in logged objects', () => {
    const { logger, lines } = capturingLogger();
    logger.info({ body: { password: 'hunter2', token: 't', email: 'a@b.c' } }, 'sign-in');
    expect(lines()[0]).toMatchObject({
      body: { password: '[redacted]', token: '[redacted]', email: 'a@b.c' },
    });
  });
});
