import type { FastifyError } from 'fastify';
import { inputMessages } from '@datebook/contracts';
import { clientErrorResponse, routerErrorResponse } from './framework-errors';

const fastifyError = (code: string, statusCode: number): FastifyError =>
  Object.assign(new Error('framework text'), { code, statusCode, name: 'FastifyError' });

describe('framework errors', () => {
  it('answers the router’s refusals with the api’s texts', () => {
    expect(routerErrorResponse(fastifyError('FST_ERR_BAD_URL', 400))).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: inputMessages.addressCharacters } },
    });
    expect(routerErrorResponse(fastifyError('FST_ERR_MAX_PARAM_LENGTH', 414)).status).toBe(414);
  });

  it('tells an over-long request line (414) from over-long headers (431)', () => {
    const longLine = Buffer.from(`GET /${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    const longHeader = Buffer.from(`GET / HTTP/1.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW', rawPacket: longLine })).toMatch(
      /^HTTP\/1.1 414 URI Too Long\r\n/,
    );
    expect(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW', rawPacket: longHeader })).toMatch(
      /^HTTP\/1.1 431 Request Header Fields Too Large\r\n/,
    );
    expect(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' })).toMatch(/^HTTP\/1.1 431 /);
  });

  it('writes a complete response whose body is the error shape', () => {
    const response = clientErrorResponse({ code: 'HPE_INVALID_HEADER_TOKEN' });
    const [head, body] = response.split('\r\n\r\n') as [string, string];
    expect(head).toContain('HTTP/1.1 400 Bad Request');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'VALIDATION_FAILED', message: inputMessages.malformedRequest },
    });
  });
});
