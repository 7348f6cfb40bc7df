import { z } from 'zod';
import { defineEndpoint } from '@datebook/contracts';
import { buildOpenApiDocument } from './openapi-document';

describe('buildOpenApiDocument', () => {
  const endpoint = defineEndpoint({
    method: 'GET',
    path: '/things/:id',
    tag: 'things',
    summary: 'One thing',
    query: z.object({ expand: z.enum(['owner']).optional() }),
    response: z.object({ id: z.string() }),
  });

  it('describes paths, parameters and schemas from the endpoint objects', () => {
    const document = buildOpenApiDocument({ title: 'T', version: '1' }, [endpoint]) as {
      paths: Record<
        string,
        { get: { parameters: Array<{ name: string; in: string }>; responses: Record<string, unknown> } }
      >;
    };
    const operation = document.paths['/api/things/{id}']!.get;
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
      expect.objectContaining({ name: 'expand', in: 'query' }),
    ]);
    expect(Object.keys(operation.responses)).toEqual(['200', 'default']);
  });
});
