import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { inputMessages, type ErrorBody } from '@datebook/contracts';
import { toErrorResponse } from './error-response';

/*
 * Requests refused before any route runs, answered in the api's one error shape: by the router (a
 * path that cannot be decoded, a parameter longer than `maxParamLength`) and by Node's HTTP parser
 * (headers, or a request line, beyond its limit; malformed bytes; a client too slow).
 */

/** Node's limit on the request line and headers together (`--max-http-header-size`). */
const MAX_HEADER_BYTES = 16 * 1024;

const bodyOf = (message: string): ErrorBody => ({ error: { code: 'VALIDATION_FAILED', message } });

/** The router's refusals: 400 for an undecodable path, 414 for an over-long path parameter. */
export function routerErrorResponse(error: FastifyError): { status: number; body: ErrorBody } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: bodyOf(inputMessages.addressCharacters) };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: bodyOf(inputMessages.addressTooLong) };
    default: {
      const { status, body } = toErrorResponse(error);
      return { status, body };
    }
  }
}

/** A connection error as Node reports it: `rawPacket` is the data it was parsing. */
interface ParserError {
  code?: string;
  rawPacket?: unknown;
}

/** Whether the request line alone passes the header limit: then the URL is what is too long. */
function requestLineTooLong(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) {
    return false;
  }
  const end = rawPacket.indexOf('\r\n');
  return (
    /^[A-Z]+ /.test(rawPacket.subarray(0, 16).toString('latin1')) && (end === -1 || end > MAX_HEADER_BYTES)
  );
}

/** The raw HTTP response for a connection Node's parser gave up on. */
export function clientErrorResponse(error: ParserError): string {
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? requestLineTooLong(error.rawPacket)
        ? [414, inputMessages.addressTooLong]
        : [431, inputMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, inputMessages.malformedRequest]
        : [400, inputMessages.malformedRequest];
  const body = JSON.stringify(bodyOf(message));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Options for Fastify (through Nest's adapter) that answer these refusals in the api's shape. */
export const frameworkErrorOptions = {
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const { status, body } = routerErrorResponse(error);
    void reply.status(status).send(body);
  },
  clientErrorHandler: (error: ParserError, socket: Socket): void => {
    // A reset or already-closed connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) {
      return;
    }
    if (socket.writable) {
      socket.write(clientErrorResponse(error));
    }
    socket.destroy();
  },
};
