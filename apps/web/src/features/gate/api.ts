import { gateEndpoints } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function checkAccessCode(code: string) {
  return callEndpoint(gateEndpoints.check, { body: { code } });
}
