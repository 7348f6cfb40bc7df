import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { toErrorResponse } from './error-response';
import type { SpaFallback } from '../web/spa-fallback';

/**
 * Every HTTP error leaves through here with the one body shape. Unknown GET paths outside the api
 * are the web app's client-side routes, so they get its index.html.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly spa: SpaFallback | undefined,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof NotFoundException && this.spa?.accepts(request)) {
      this.spa.send(reply);
      return;
    }
    sendError(exception, request, reply, this.logger);
  }
}

function sendError(exception: unknown, request: FastifyRequest, reply: FastifyReply, logger: Logger): void {
  const response = toErrorResponse(exception);
  if (response.unexpected) {
    logger.error(
      {
        err: response.unexpected.error,
        errorId: response.unexpected.errorId,
        reqId: request.id,
        url: request.url,
      },
      'unexpected error',
    );
  }
  void reply.status(response.status).headers(response.headers).send(response.body);
}
