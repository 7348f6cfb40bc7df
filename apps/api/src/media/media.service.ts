import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  mediaMessages,
  mediaVariantsSchema,
  type CreateUpload,
  type MediaKind,
  type MediaStatus,
  type SaveAvatarResponse,
  type UploadStatus,
  type UploadTicket,
} from '@datebook/contracts';
import {
  modifyReturning,
  NotFoundError,
  ObjectStorage,
  ValidationError,
  writeOutbox,
} from '@datebook/server';
import type { Viewer } from '../auth/auth.decorators';
import { uploadKey } from './upload-key';

/** Long enough for a slow phone connection to send 100 MB, short enough that a leaked URL soon dies. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
const UPLOAD_KEY_ATTEMPTS = 10;

interface UploadRow {
  id: string;
  kind: MediaKind;
  storage_key: string;
  status: MediaStatus;
  failure_reason: string | null;
  variants: unknown;
}

const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;

/**
 * Uploads go straight from the browser to the object store (ARCHITECTURE section 5): the api checks
 * the declared file, hands out a presigned URL, and later starts processing once the bytes are there.
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async createUpload(viewer: Viewer, file: CreateUpload): Promise<UploadTicket> {
    const now = new Date();
    const { id, key } = await this.insertUpload(viewer, file, now.getTime());
    return {
      uploadId: id,
      uploadUrl: await this.storage.presignPut(key, file.contentType, UPLOAD_URL_TTL_SECONDS),
      key,
      headers: { 'content-type': file.contentType },
      expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS,
    };
  }

  /**
   * The key carries the time in milliseconds (the storage layout); two uploads of one file name in
   * the same millisecond (two tabs, two quick picks) take the next free one instead of failing.
   */
  private async insertUpload(
    viewer: Viewer,
    file: CreateUpload,
    millis: number,
  ): Promise<{ id: string; key: string }> {
    for (let offset = 0; offset < UPLOAD_KEY_ATTEMPTS; offset += 1) {
      const key = uploadKey(viewer.sub, file.kind, file.fileName, new Date(millis + offset));
      const [row] = await this.dataSource.query<Array<{ id: string }>>(
        `INSERT INTO media_uploads (user_id, kind, storage_key, content_type, size)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (storage_key) DO NOTHING RETURNING id`,
        [viewer.sub, file.kind, key, file.contentType, file.size],
      );
      if (row) {
        return { id: row.id, key };
      }
    }
    throw new Error(`no free upload key after ${UPLOAD_KEY_ATTEMPTS} attempts`);
  }

  async uploadStatus(viewer: Viewer, uploadId: string): Promise<UploadStatus> {
    const upload = await this.ownUpload(viewer, uploadId);
    const variants = mediaVariantsSchema.safeParse(upload.variants);
    return {
      uploadId: upload.id,
      kind: upload.kind,
      status: upload.status,
      url: upload.status === 'ready' && variants.success ? variants.data.url : null,
      placeholder: upload.status === 'ready' && variants.success ? variants.data.placeholder : null,
      message: upload.failure_reason,
    };
  }

  /**
   * Starts processing the viewer's uploaded avatar: the status change and the event that triggers the
   * worker commit together, so a failure leaves the upload pending with nothing queued. Saving again
   * answers with where the first save got to.
   */
  async saveAvatar(viewer: Viewer, uploadId: string, correlationId?: string): Promise<SaveAvatarResponse> {
    const upload = await this.ownUpload(viewer, uploadId, 'avatar');
    switch (upload.status) {
      case 'processing':
      case 'ready':
        return { uploadId, status: upload.status };
      case 'failed':
        throw new ValidationError([
          { path: 'uploadId', message: upload.failure_reason ?? mediaMessages.notAnImage },
        ]);
      case 'pending':
        break;
    }
    const object = await this.storage.head(upload.storage_key);
    if (!object) {
      throw new ValidationError([{ path: 'uploadId', message: mediaMessages.uploadMissing }]);
    }
    // The presigned URL cannot cap the body, so the stored size is checked here.
    if (object.size > MAX_IMAGE_BYTES) {
      throw new ValidationError([{ path: 'uploadId', message: mediaMessages.imageTooLarge }]);
    }
    const started = await this.dataSource.transaction(async (manager) => {
      const rows = await modifyReturning<{ id: string }>(
        manager,
        `UPDATE media_uploads SET status = 'processing', size = $3, updated_at = now()
          WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING id`,
        [uploadId, viewer.sub, object.size],
      );
      if (rows.length === 0) {
        return false;
      }
      await writeOutbox(manager, 'avatar.uploaded', { uploadId }, correlationId);
      return true;
    });
    if (!started) {
      // A concurrent save of the same upload got there first.
      return this.saveAvatar(viewer, uploadId, correlationId);
    }
    return { uploadId, status: 'processing' };
  }

  private async ownUpload(viewer: Viewer, uploadId: string, kind?: MediaKind): Promise<UploadRow> {
    const [upload] = isUuid(uploadId)
      ? await this.dataSource.query<UploadRow[]>(
          `SELECT id, kind, storage_key, status, failure_reason, variants FROM media_uploads
            WHERE id = $1 AND user_id = $2 AND ($3::text IS NULL OR kind = $3)`,
          [uploadId, viewer.sub, kind ?? null],
        )
      : [];
    if (!upload) {
      throw new NotFoundError(mediaMessages.uploadNotFound);
    }
    return upload;
  }
}
