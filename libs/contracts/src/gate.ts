import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { messages } from './messages';
import { lineText } from './primitives';

export const accessCodeCheckRequestSchema = z.object({
  code: lineText().min(1, messages.gate.codeRequired).max(200),
});
export type AccessCodeCheckRequest = z.input<typeof accessCodeCheckRequestSchema>;

export const accessGrantSchema = z.object({ granted: z.literal(true) });
export type AccessGrant = z.infer<typeof accessGrantSchema>;

export const gateEndpoints = {
  check: defineEndpoint({
    method: 'POST',
    path: '/gate/check',
    tag: 'gate',
    summary: 'Check an access code against ACCESS_CODES.',
    body: accessCodeCheckRequestSchema,
    response: accessGrantSchema,
    status: 200,
  }),
};
