import { callEndpoint } from '@/lib/api-client';

export async function checkAccessCode(code: string) {
  const { gateEndpoints } = await import('./endpoints');
  return callEndpoint(gateEndpoints.check, { body: { code } });
}
