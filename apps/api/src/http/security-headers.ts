import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@datebook/server';
import {
  API_DOCS_CONTENT_SECURITY_POLICY,
  RESOURCE_CONTENT_SECURITY_POLICY,
  webAppContentSecurityPolicy,
} from './content-security-policy';

const EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  // Origin only, even to ourselves: a one-time link's token in the page URL never reaches a log
  // through a Referer header, ours or a proxy's.
  'referrer-policy': 'strict-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Production is served over HTTPS only; elsewhere (localhost over HTTP) the header has no use. */
const HSTS = 'max-age=31536000; includeSubDomains';

export type SecurityHeaders = (path: string, contentType: string | undefined) => Record<string, string>;

/**
 * The headers of a response, by its path and type: built from the config once, at boot. Pages get
 * the web app's policy (the api docs their own), everything else a policy that allows nothing.
 */
export function securityHeaders(config: Pick<AppConfig, 'env' | 'app' | 's3'>): SecurityHeaders {
  const common: Record<string, string> =
    config.env === 'production' ? { ...EVERY_RESPONSE, 'strict-transport-security': HSTS } : EVERY_RESPONSE;
  const webApp = webAppContentSecurityPolicy(config);
  const policyFor = (path: string, contentType: string | undefined): string => {
    if (!contentType?.startsWith('text/html')) {
      return RESOURCE_CONTENT_SECURITY_POLICY;
    }
    return path === '/api/docs' || path.startsWith('/api/docs/') ? API_DOCS_CONTENT_SECURITY_POLICY : webApp;
  };
  return (path, contentType) => ({ ...common, 'content-security-policy': policyFor(path, contentType) });
}

/** Adds the security headers to every response Fastify sends (api, web app, errors alike). */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const headersFor = securityHeaders(config);
  fastify.addHook('onSend', async (request, reply) => {
    const contentType = reply.getHeader('content-type');
    void reply.headers(
      headersFor(request.url.split('?')[0] ?? '/', typeof contentType === 'string' ? contentType : undefined),
    );
  });
}
