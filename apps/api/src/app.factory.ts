import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createLogger, Metrics, NestPinoLogger, type AppConfig } from '@datebook/server';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './docs/openapi-document';
import { collectEndpoints } from './docs/endpoint-registry';
import { walkModules } from './docs/module-walk';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { frameworkErrorOptions } from './http/framework-errors';
import { restrictMetrics } from './http/metrics-access';
import { refuseControlCharactersInPath } from './http/path-guard';
import { lazyChildLogger, SampledRequestLog } from './http/request-log';
import { countRequests } from './http/request-metrics';
import { registerResponseHeaders } from './http/security-headers';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveWebApp } from './web/web-app';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

export interface BuiltApi {
  app: NestFastifyApplication;
  /** The Socket.IO adapter, whose clients a draining api sends elsewhere. */
  sockets: RedisIoAdapter;
  logger: Logger;
}

/** Builds the api: Fastify, the global filter, docs, request ids, metrics and the web app. */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  return (await buildApi(config)).app;
}

/** The api with what its process needs to shut it down gracefully (see lifecycle/). */
export async function buildApi(config: AppConfig): Promise<BuiltApi> {
  const logger = createLogger(config, 'api');
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    trustProxy: config.http.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request that reached a closing api is answered, not refused: the drain sends new ones elsewhere.
    return503OnClosing: false,
    ...frameworkErrorOptions,
    requestIdHeader: false,
    // The api has no Nest middleware: without middie, no request passes through its (empty) chain.
    skipMiddie: true,
    logController: new SampledRequestLog(logger),
    childLoggerFactory: lazyChildLogger,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(Metrics);
  refuseControlCharactersInPath(fastify);
  registerResponseHeaders(fastify, config);
  restrictMetrics(fastify, config.http.metricsAllowFrom);
  countRequests(fastify, metrics);

  const sockets = new RedisIoAdapter(app, config, logger);
  app.useWebSocketAdapter(sockets);
  app.setGlobalPrefix('api', {
    exclude: ['health/live', 'health/ready', 'metrics', '.well-known/jwks.json'],
  });
  const spa = config.http.webDistDir ? serveWebApp(app, config.http.webDistDir) : undefined;
  app.useGlobalFilters(new AllExceptionsFilter(logger, spa));

  const document = buildOpenApiDocument(
    { title: `${config.app.name} API`, version: config.app.version },
    collectEndpoints(walkModules(AppModule.forRoot(config)).controllers),
  );
  SwaggerModule.setup('api/docs', app, document as unknown as OpenAPIObject, {
    jsonDocumentUrl: 'api/docs/openapi.json',
    useGlobalPrefix: false,
  });

  return { app, sockets, logger };
}
