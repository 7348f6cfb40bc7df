import { z } from 'zod';
import { errorBodySchema, type Endpoint } from '@datebook/contracts';

export interface OpenApiInfo {
  title: string;
  version: string;
}

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const toOpenApiPath = (path: string): string => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/**
 * Builds the OpenAPI document from the same endpoint objects that validate requests, so the
 * documentation cannot drift from the behaviour.
 */
export function buildOpenApiDocument(info: OpenApiInfo, endpoints: Endpoint[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: 'Error (the message is the product text to show)',
    content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
  };
  for (const endpoint of endpoints) {
    const path = toOpenApiPath(endpoint.path);
    const status = String(endpoint.status ?? (endpoint.method === 'POST' ? 201 : 200));
    const parameters = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (endpoint.query) {
      const query = toSchema(endpoint.query, 'input') as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({
          name,
          in: 'query',
          required: query.required?.includes(name) ?? false,
          schema,
        } as never);
      }
    }
    paths[path] = {
      ...paths[path],
      [endpoint.method.toLowerCase()]: {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(endpoint.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
              },
            }
          : {}),
        responses: {
          [status]: {
            description: 'Success',
            content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } },
          },
          default: errorResponse,
        },
      },
    };
  }
  return { openapi: '3.0.3', info, paths };
}
