import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import type { Endpoint } from '@datebook/contracts';
import { ValidationError } from '@datebook/server';
import { ENDPOINT_METADATA } from './endpoint-metadata';
import { toFieldIssues } from './zod-issues';

/**
 * Validates input at the edge with the endpoint's schemas (handlers receive parsed, trimmed data)
 * and passes every response through its schema, so a field the contract does not name never leaks.
 */
@Injectable()
export class ValidationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const endpoint = this.reflector.get<Endpoint | undefined>(ENDPOINT_METADATA, context.getHandler());
    if (!endpoint) {
      return next.handle();
    }
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (endpoint.body) {
      request.body = parseOrThrow(endpoint.body, request.body ?? {});
    }
    if (endpoint.query) {
      request.query = parseOrThrow(endpoint.query, request.query ?? {});
    }
    return next.handle().pipe(map((result: unknown) => endpoint.response.parse(result)));
  }
}

function parseOrThrow(schema: NonNullable<Endpoint['body']>, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ValidationError(toFieldIssues(parsed.error));
  }
  return parsed.data;
}
