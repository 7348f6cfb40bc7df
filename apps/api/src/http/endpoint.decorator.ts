import { applyDecorators, Delete, Get, HttpCode, Patch, Post, Put, SetMetadata } from '@nestjs/common';
import type { Endpoint as EndpointDefinition, HttpMethod } from '@datebook/contracts';

export const ENDPOINT_METADATA = 'datebook:endpoint';

const routeDecorators: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/**
 * Binds a handler to an endpoint of libs/contracts: the route, its success status, and the schemas
 * that the validation interceptor applies and the OpenAPI document describes.
 */
export function Endpoint(definition: EndpointDefinition): MethodDecorator {
  return applyDecorators(
    routeDecorators[definition.method](definition.path),
    HttpCode(definition.status ?? (definition.method === 'POST' ? 201 : 200)),
    SetMetadata(ENDPOINT_METADATA, definition),
  );
}
