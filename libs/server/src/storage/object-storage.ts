import {
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
  private readonly publicBase: string;

  constructor(config: Pick<AppConfig, 's3'>) {
    this.bucket = config.s3.bucket;
    this.publicBase = config.s3.publicUrl;
    this.client = createClient(config.s3, config.s3.endpoint);
    this.presigner =
      config.s3.presignEndpoint === config.s3.endpoint
        ? this.client
        : createClient(config.s3, config.s3.presignEndpoint);
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
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

  async presignPut(key: string, contentType: string, expiresInSeconds = 600): Promise<string> {
    return getSignedUrl(
      this.presigner,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      { expiresIn: expiresInSeconds },
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
