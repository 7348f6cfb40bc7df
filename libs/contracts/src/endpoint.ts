import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, described once: the api registers, validates and documents it from this, and
 * the web client calls it through the same object, so the two can never disagree about a shape.
 * `path` is relative to the `/api` prefix.
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  body?: TBody;
  query?: TQuery;
  response: TResponse;
  /** HTTP status on success. */
  status?: number;
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<TBody, TQuery, TResponse>): Endpoint<TBody, TQuery, TResponse> {
  return endpoint;
}

export type EndpointBody<E> =
  E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
