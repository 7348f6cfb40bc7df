import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../config';
import { ReadUrlSigner } from './read-url-signer';

/**
 * The object store adapter. Checksums only when required: otherwise the SDK frames streamed uploads
 * in a way s3rver stores verbatim, and presigned URLs gain parameters browsers cannot satisfy.
 */
export class ObjectStorage {
  private readonly client: S3Client;
  /**
   * Signs upload URLs only, and never sends a request. A signature covers the host, so it must be
   * made for the endpoint browsers reach (localhost:9000 in compose), not the servers' (minio:9000).
   */
  private readonly presigner: S3Client;
  private readonly bucket: string;
  private readonly readUrls: ReadUrlSigner;

  constructor(config: Pick<AppConfig, 's3'>) {
    this.bucket = config.s3.bucket;
    this.readUrls = new ReadUrlSigner(config.s3);
    this.client = createClient(config.s3, config.s3.endpoint);
    this.presigner =
      config.s3.presignEndpoint === config.s3.endpoint
        ? this.client
        : createClient(config.s3, config.s3.presignEndpoint);
  }

  /**
   * Where a browser reads `key` for the next hour or two: a presigned GET (see ReadUrlSigner). The
   * bucket is private, so this is the only address that serves it; the database stores keys and
   * every answer signs them anew.
   */
  readUrl(key: string): string;
  readUrl(key: string | null): string | null;
  readUrl(key: string | null): string | null {
    return key === null ? null : this.readUrls.url(key);
  }

  async put(key: string, body: Buffer | string, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /**
   * The object's bytes. With `atMost`, no more than one byte past it is read, whatever was stored:
   * a caller checking a limit sees that the object is over it without holding all of it in memory.
   */
  async get(key: string, atMost?: number): Promise<Buffer> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: atMost === undefined ? undefined : `bytes=0-${atMost}`,
        }),
      );
      if (!response.Body) {
        throw new Error(`Object ${key} has no body`);
      }
      return Buffer.from(await response.Body.transformToByteArray());
    } catch (error) {
      // A range of an empty object is unsatisfiable (S3 answers 416, s3rver drops the body): an
      // empty object has no bytes to give.
      if (atMost !== undefined && (await this.head(key))?.size === 0) {
        return Buffer.alloc(0);
      }
      throw error;
    }
  }

  /** Size and type of an object, or null when there is none under `key`. */
  async head(key: string): Promise<{ size: number; contentType: string | undefined } | null> {
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: response.ContentLength ?? 0, contentType: response.ContentType };
    } catch (error) {
      if ((error as { name?: unknown }).name === 'NotFound') {
        return null;
      }
      throw error;
    }
  }

  /** Copies `from` to `to` inside the bucket; false when there is no object at `from`. */
  async copy(from: string, to: string): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: unknown }).name === 'NoSuchKey') {
        return false;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Removes every object whose key starts with `prefix`, a listing page at a time. */
  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: continuationToken,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        removed += keys.length;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return removed;
  }

  /**
   * A URL that stores exactly `size` bytes of `contentType` at `key`: both headers are signed, so
   * the store refuses a body of any other length (the browser's fetch sets Content-Length from it).
   */
  async presignPut(key: string, contentType: string, size: number, expiresInSeconds = 600): Promise<string> {
    return getSignedUrl(
      this.presigner,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: size }),
      { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
    );
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) {
      this.presigner.destroy();
    }
  }
}

function createClient(s3: AppConfig['s3'], endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
