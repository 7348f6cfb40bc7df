import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { READ_URL_TTL_SECONDS, ReadUrlSigner } from './read-url-signer';

const s3 = {
  publicUrl: 'http://127.0.0.1:4568/media',
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** The SDK's own signer, fed node's hashes, as the reference the local signer must match. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

describe('ReadUrlSigner', () => {
  it('signs exactly as AWS Signature V4 does', async () => {
    const signedAt = new Date('2026-11-24T10:00:00Z');
    const key = 'u-1/date-media/AbCdEfGhIjKlMnOpQrStUv-1080.jpg';
    const url = new URL(new ReadUrlSigner(s3).sign(key, signedAt));

    const reference = await new SignatureV4({
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      region: s3.region,
      service: 's3',
      sha256: NodeSha256,
      uriEscapePath: false,
    }).presign(
      {
        method: 'GET',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: 4568,
        path: `/media/${key}`,
        headers: { host: '127.0.0.1:4568', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        query: {},
      },
      {
        signingDate: signedAt,
        expiresIn: READ_URL_TTL_SECONDS,
        // S3 presigns leave the payload unsigned; the header only names that, it is not signed.
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
        unsignableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    expect(url.pathname).toBe(`/media/${key}`);
    expect(Object.fromEntries(url.searchParams)).toEqual(reference.query);
  });

  it('gives everyone the same URL within an hour, and a new one the next hour', () => {
    const signer = new ReadUrlSigner(s3);
    const hour = Date.UTC(2026, 10, 24, 10);
    const first = signer.url('k/a.jpg', hour + 1000);
    expect(signer.url('k/a.jpg', hour + 59 * 60 * 1000)).toBe(first);
    expect(new URL(first).searchParams.get('X-Amz-Date')).toBe('20261124T100000Z');
    expect(new URL(first).searchParams.get('X-Amz-Expires')).toBe('7200');
    expect(signer.url('k/a.jpg', hour + 60 * 60 * 1000)).not.toBe(first);
  });

  it('signs for a bucket on its own host as well', () => {
    const url = new URL(
      new ReadUrlSigner({ ...s3, publicUrl: 'https://media.example.com' }).sign('k/a b.jpg', new Date()),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://media.example.com/k/a%20b.jpg');
  });
});
