import { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';

/** A raw S3 client on the test bucket's server, for what ObjectStorage does not offer (listing). */
export function testS3Client(config: AppConfig['s3']): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
}
