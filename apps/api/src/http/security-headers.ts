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

export type SecurityHeaders = (
  url: string,
  contentType: string | undefined,
) => Readonly<Record<string, string>>;

/**
 * The web app's service worker (apps/web/vite-plugins/pwa.ts). A worker runs under the policy its
 * own script was served with, and this one fetches the build it precaches from the site itself.
 */
const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The headers of a response, by its URL and type: built from the config once, at boot, so a
 * response only picks one of three ready sets. Pages get the web app's policy (the api docs their
 * own), and so does the service worker, which may then do what the pages may and no more; everything
 * else gets a policy that allows nothing.
 */
export function securityHeaders(config: Pick<AppConfig, 'env' | 'app' | 's3'>): SecurityHeaders {
  const common: Record<string, string> =
    config.env === 'production' ? { ...EVERY_RESPONSE, 'strict-transport-security': HSTS } : EVERY_RESPONSE;
  const withPolicy = (policy: string) => Object.freeze({ ...common, 'content-security-policy': policy });
  const resource = withPolicy(RESOURCE_CONTENT_SECURITY_POLICY);
  const apiDocs = withPolicy(API_DOCS_CONTENT_SECURITY_POLICY);
  const webApp = withPolicy(webAppContentSecurityPolicy(config));
  return (url, contentType) => {
    const path = url.split('?', 1)[0] ?? '/';
    if (path === SERVICE_WORKER_PATH) {
      return webApp;
    }
    if (!contentType?.startsWith('text/html')) {
      return resource;
    }
    return path === '/api/docs' || path.startsWith('/api/docs/') ? apiDocs : webApp;
  };
}

/**
 * Adds the security headers and the request id to every response Fastify sends (api, web app,
 * errors alike). One synchronous hook: an async one costs every request a promise.
 */
export function registerResponseHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const headersFor = securityHeaders(config);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const contentType = reply.getHeader('content-type');
    void reply
      .headers(headersFor(request.url, typeof contentType === 'string' ? contentType : undefined))
      .header('x-request-id', request.id);
    done(null, payload);
  });
}
