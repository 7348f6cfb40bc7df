import { connect, type AddressInfo } from 'node:net';
import { errorBodySchema, inputMessages } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { signedIn } from '../testing/test-users';

/** Sends raw bytes to the listening api and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.end(request);
  });
}

describe('requests refused at the edge', () => {
  const api = useTestApi();
  let port: number;

  beforeAll(async () => {
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });

  const errorOf = (body: string) => errorBodySchema.parse(JSON.parse(body)).error;

  it('refuses a control character anywhere in the path with a 400, for visitors and members alike', async () => {
    const member = await signedIn(api);
    for (const url of [
      '/api/profiles/%00',
      '/api/profiles/a%00/followers',
      '/api/activities/1%01',
      '/health/live%00',
    ]) {
      const response = await api.request({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: inputMessages.addressCharacters },
      });
    }
    const factor = await member.request({ method: 'POST', url: '/api/auth/factors/%00/challenge' });
    expect(factor.statusCode).toBe(400);
    const follow = await member.request({ method: 'PUT', url: '/api/follows/x%00' });
    expect(follow.statusCode).toBe(400);
  });

  it('answers a path that cannot be decoded with a 400 in the error shape', async () => {
    const response = await api.request({ method: 'GET', url: '/api/profiles/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: inputMessages.addressCharacters,
    });
  });

  it('answers an over-long path parameter with a 414 in the error shape', async () => {
    const response = await api.request({ method: 'GET', url: `/api/profiles/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(errorOf(response.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: inputMessages.addressTooLong,
    });
  });

  it('answers headers beyond the limit with a 431 in the error shape', async () => {
    const response = await rawRequest(
      port,
      `GET /api/info HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(errorOf(response.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: inputMessages.headersTooLarge,
    });
  });

  it('answers a request line beyond the limit with a 414 in the error shape', async () => {
    const response = await rawRequest(
      port,
      `GET /api/info?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(response.status).toBe(414);
    expect(errorOf(response.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: inputMessages.addressTooLong,
    });
  });

  it('answers bytes that are not HTTP with a 400 in the error shape', async () => {
    const response = await rawRequest(port, 'GET /api/info HTTP/1.1\r\nHost: local\u0000host\r\n\r\n');
    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: inputMessages.malformedRequest,
    });
  });
});
