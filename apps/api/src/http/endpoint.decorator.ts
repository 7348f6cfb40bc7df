import {
  applyDecorators,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import type { Endpoint as EndpointDefinition, HttpMethod } from '@datebook/contracts';
import { ENDPOINT_METADATA } from './endpoint-metadata';
import { ValidationInterceptor } from './validation.interceptor';

const routeDecorators: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/**
 * Binds a handler to an endpoint of libs/contracts: the route, its success status, and the schemas
 * that the validation interceptor applies and the OpenAPI document describes. The interceptor is
 * bound here, per endpoint, rather than globally: as a global interceptor it put every request,
 * health probes included, through Nest's observable pipeline (about 15 µs a request, decision 42).
 */
export function Endpoint(definition: EndpointDefinition): MethodDecorator {
  return applyDecorators(
    routeDecorators[definition.method](definition.path),
    HttpCode(definition.status ?? (definition.method === 'POST' ? 201 : 200)),
    SetMetadata(ENDPOINT_METADATA, definition),
    UseInterceptors(ValidationInterceptor),
  );
}
