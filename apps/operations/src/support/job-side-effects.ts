import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { DataSource } from 'typeorm';
import {
  AVATAR_SIZES,
  mediaKeyPrefix,
  POST_IMAGE_TYPES,
  POST_IMAGE_WIDTHS,
  type MediaKind,
} from '@datebook/contracts';
import { MediaUploadsRepository } from '@datebook/db';
import type { AppConfig } from '@datebook/server';
import { maildevUrl, type CaughtMail } from '@datebook/server/testing';
import type { OwedUpload } from './job-sources';

const CONFIRMATION_SUBJECT = /Confirm your Datebook account/;

/** How many sign-up confirmation mails MailDev caught for each address (one read of the inbox). */
export async function confirmationMails(addresses: string[]): Promise<Map<string, number>> {
  const response = await fetch(`${maildevUrl()}/email`);
  if (!response.ok) {
    throw new Error(`MailDev answered ${response.status}`);
  }
  const counts = new Map(addresses.map((address) => [address.toLowerCase(), 0]));
  for (const mail of (await response.json()) as CaughtMail[]) {
    if (!CONFIRMATION_SUBJECT.test(mail.subject)) {
      continue;
    }
    for (const { address } of mail.to) {
      const key = address.toLowerCase();
      if (counts.has(key)) {
        counts.set(key, counts.get(key)! + 1);
      }
    }
  }
  return counts;
}

/** What an upload left behind: its row's state and the objects in its owner's folder of its kind. */
export interface RenditionSet {
  uploadId: string;
  kind: MediaKind;
  status: string;
  /** The rendition keys the row lists. */
  images: string[];
  /**
   * Every object in the owner's folder of that kind: exactly `images` once processed, nothing
   * half-written (the tests give each member one upload of a kind).
   */
  objects: string[];
}

/** Reads uploads' rows and their owners' objects in the bucket. */
export class RenditionSets {
  private readonly s3: S3Client;

  constructor(
    private readonly config: AppConfig,
    private readonly db: DataSource,
  ) {
    const { s3 } = config;
    this.s3 = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async of({ userId, uploadId, kind }: OwedUpload): Promise<RenditionSet> {
    const row = await new MediaUploadsRepository(this.db).findOwn(userId, uploadId, kind);
    if (!row) {
      throw new Error(`No ${kind} upload ${uploadId}`);
    }
    const listed = await this.s3.send(
      new ListObjectsV2Command({ Bucket: this.config.s3.bucket, Prefix: mediaKeyPrefix(userId, kind) }),
    );
    return {
      uploadId,
      kind,
      status: row.status,
      images: (row.variants.images ?? []).map((image) => image.key).sort(),
      objects: (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort(),
    };
  }

  all(uploads: OwedUpload[]): Promise<RenditionSet[]> {
    return Promise.all(uploads.map((upload) => this.of(upload)));
  }

  close(): void {
    this.s3.destroy();
  }
}

/** One complete set: ready, every size listed, and the bucket holding exactly those. */
export const isCompleteSet = (set: RenditionSet): boolean =>
  set.status === 'ready' &&
  set.images.length ===
    (set.kind === 'avatar' ? AVATAR_SIZES.length : POST_IMAGE_WIDTHS.length * POST_IMAGE_TYPES.length) &&
  set.objects.join() === set.images.join();
