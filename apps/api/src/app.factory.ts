import { NestFactory } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createLogger, Metrics, NestPinoLogger, type AppConfig } from '@datebook/server';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './docs/openapi-document';
import { collectEndpoints } from './docs/endpoint-registry';
import { walkModules } from './docs/module-walk';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { SpaFallback } from './web/spa-fallback';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Builds the api: Fastify, the global filter, docs, request ids, metrics and the web app. */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  const logger = createLogger(config, 'api');
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    trustProxy: config.http.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
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

  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration
      .labels(request.method, request.routeOptions.url ?? 'unmatched', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });

  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  app.setGlobalPrefix('api', {
    exclude: ['health/live', 'health/ready', 'metrics', '.well-known/jwks.json'],
  });
  const spa = config.http.webDistDir ? new SpaFallback(config.http.webDistDir) : undefined;
  app.useGlobalFilters(new AllExceptionsFilter(logger, spa));
  if (config.http.webDistDir) {
    app.useStaticAssets({
      root: config.http.webDistDir,
      prefix: '/',
      index: 'index.html',
      // Nest types this callback's first argument as a Node response, but @fastify/static 10 passes
      // the Fastify reply.
      setHeaders: (response: unknown, path: string) => {
        const reply = response as FastifyReply;
        if (path.includes(`${join('/', 'assets', '/')}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (path.endsWith('index.html')) {
          void reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const document = buildOpenApiDocument(
    { title: `${config.app.name} API`, version: config.app.version },
    collectEndpoints(walkModules(AppModule.forRoot(config)).controllers),
  );
  SwaggerModule.setup('api/docs', app, document as unknown as OpenAPIObject, {
    jsonDocumentUrl: 'api/docs/openapi.json',
    useGlobalPrefix: false,
  });

  app.enableShutdownHooks();
  return app;
}
