import { callEndpoint, importEndpoints } from '@/lib/api-client';

export async function checkAccessCode(code: string) {
  const { gateEndpoints } = await importEndpoints(() => import('./endpoints'));
  return callEndpoint(gateEndpoints.check, { body: { code } });
}
