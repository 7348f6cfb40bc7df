import { createHash, createHmac } from 'node:crypto';
import type { AppConfig } from '../config';

/** A read URL is signed for the hour it falls in, so everyone in that hour gets the same one. */
export const READ_URL_WINDOW_SECONDS = 60 * 60;
/** Two windows: a URL handed out at the end of its hour still works for an hour. */
export const READ_URL_TTL_SECONDS = 2 * READ_URL_WINDOW_SECONDS;

/** Enough for every key a busy hour serves; past it the cache starts over rather than grow. */
const MAX_CACHED = 50_000;
const SERVICE = 's3';
const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding, as SigV4's canonical request spells paths and query values. */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/**
 * Presigned GET URLs for objects of the private bucket, at the address browsers read from
 * (`S3_PUBLIC_URL`: the bucket's path-style address or its own host). AWS Signature V4 computed
 * locally, with no network and no SDK round trip, because every media item of every list is signed.
 * The signing time is the start of the current hour: within the hour a key's URL is one string
 * (browsers and CDNs cache it), and a leaked link dies within `READ_URL_TTL_SECONDS`.
 */
export class ReadUrlSigner {
  private readonly base: URL;
  private readonly region: string;
  private readonly accessKeyId: string;
  private readonly secretAccessKey: string;
  private cacheWindow = -1;
  private readonly cache = new Map<string, string>();

  constructor(s3: Pick<AppConfig['s3'], 'publicUrl' | 'region' | 'accessKeyId' | 'secretAccessKey'>) {
    this.base = new URL(s3.publicUrl);
    this.region = s3.region;
    this.accessKeyId = s3.accessKeyId;
    this.secretAccessKey = s3.secretAccessKey;
  }

  /** The URL of `key` for the window `now` falls in (cached until the window changes). */
  url(key: string, now = Date.now()): string {
    const window = Math.floor(now / 1000 / READ_URL_WINDOW_SECONDS);
    if (window !== this.cacheWindow || this.cache.size >= MAX_CACHED) {
      this.cache.clear();
      this.cacheWindow = window;
    }
    let url = this.cache.get(key);
    if (url === undefined) {
      url = this.sign(key, new Date(window * READ_URL_WINDOW_SECONDS * 1000));
      this.cache.set(key, url);
    }
    return url;
  }

  /** Signs a GET of `key` made at `signedAt`. */
  sign(key: string, signedAt: Date): string {
    const amzDate = signedAt.toISOString().replace(/[-:]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const scope = `${day}/${this.region}/${SERVICE}/aws4_request`;
    const basePath = this.base.pathname.replace(/\/$/, '');
    const path = `${basePath}/${key.split('/').map(encode).join('/')}`;
    const query = [
      ['X-Amz-Algorithm', ALGORITHM],
      ['X-Amz-Credential', `${this.accessKeyId}/${scope}`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(READ_URL_TTL_SECONDS)],
      ['X-Amz-SignedHeaders', 'host'],
    ]
      .map(([name, value]) => `${encode(name!)}=${encode(value!)}`)
      .join('&');
    const canonicalRequest = [
      'GET',
      path,
      query,
      `host:${this.base.host}`,
      '',
      'host',
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const stringToSign = [
      ALGORITHM,
      amzDate,
      scope,
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${this.secretAccessKey}`, day), this.region), SERVICE),
      'aws4_request',
    );
    const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    return `${this.base.origin}${path}?${query}&X-Amz-Signature=${signature}`;
  }
}
