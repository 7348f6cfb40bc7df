import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const appInfoSchema = z.object({ name: z.string(), version: z.string() });
export type AppInfo = z.infer<typeof appInfoSchema>;

export const systemEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/info',
    tag: 'system',
    summary: 'Name and version of the running api.',
    response: appInfoSchema,
  }),
};

export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.object({ status: z.enum(['up', 'down']), error: z.string().optional() })),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;
