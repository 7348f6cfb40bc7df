import type { AppConfig } from '@datebook/server';

type Directives = Record<string, string[]>;

function render(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Where browsers send and fetch media: the bucket's public URL (or the CDN before it), and the
 * endpoint presigned uploads are PUT to. With virtual-hosted addressing the SDK signs uploads for
 * `<bucket>.<endpoint host>` (path style instead when the bucket name has a dot), so both are listed.
 */
function mediaOrigins(s3: AppConfig['s3']): string[] {
  const upload = new URL(s3.presignEndpoint);
  const origins = [new URL(s3.publicUrl).origin, upload.origin];
  if (!s3.forcePathStyle) {
    origins.push(`${upload.protocol}//${s3.bucket}.${upload.host}`);
  }
  return [...new Set(origins)];
}

/** The live socket's origin: the site's own, as ws(s). */
function socketOrigin(publicUrl: string): string {
  const site = new URL(publicUrl);
  return `${site.protocol === 'https:' ? 'wss:' : 'ws:'}//${site.host}`;
}

/** What every page's policy shares: nothing framed, no plugins, no rebased or re-aimed forms. */
const PAGE_BASE: Directives = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The web app's policy. Scripts and styles only from the site's own files: the build emits no inline
 * script or style, and React's `style` props go through the CSSOM, which CSP does not govern. Images
 * and video also come from blob: (a draft's local files) and data: (placeholders).
 */
export function webAppContentSecurityPolicy(config: Pick<AppConfig, 'app' | 's3'>): string {
  const media = mediaOrigins(config.s3);
  return render({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'connect-src': ["'self'", socketOrigin(config.app.publicUrl), ...media],
    ...PAGE_BASE,
  });
}

/** The api docs (Swagger UI), whose page carries inline `<style>` blocks and data: icons. */
export const API_DOCS_CONTENT_SECURITY_POLICY = render({
  'default-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  ...PAGE_BASE,
});

/** Anything that is not a page (JSON, scripts, images): it may load nothing and be framed nowhere. */
export const RESOURCE_CONTENT_SECURITY_POLICY = render({
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
});
