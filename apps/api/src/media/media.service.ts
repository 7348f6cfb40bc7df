import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  mediaMessages,
  mediaVariantsSchema,
  type CreateUpload,
  type MediaKind,
  type SaveAvatarResponse,
  type UploadStatus,
  type UploadTicket,
} from '@datebook/contracts';
import { MediaUploadsRepository, OutboxRepository, type UploadRow } from '@datebook/db';
import { NotFoundError, ObjectStorage, ValidationError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { uploadKey } from './upload-key';

/** Long enough for a slow phone connection to send 100 MB, short enough that a leaked URL soon dies. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;

/**
 * Uploads go straight from the browser to the object store (ARCHITECTURE section 5): the api checks
 * the declared file, hands out a presigned URL, and later starts processing once the bytes are there.
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: MediaUploadsRepository,
    private readonly outbox: OutboxRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async createUpload(viewer: Viewer, file: CreateUpload): Promise<UploadTicket> {
    const now = Math.floor(Date.now() / 1000);
    const key = uploadKey(viewer.sub, file.kind, file.fileName);
    const id = await this.uploads.insertPending(viewer.sub, {
      kind: file.kind,
      storageKey: key,
      contentType: file.contentType,
      size: file.size,
    });
    return {
      uploadId: id,
      uploadUrl: await this.storage.presignPut(key, file.contentType, file.size, UPLOAD_URL_TTL_SECONDS),
      key,
      headers: { 'content-type': file.contentType },
      expiresAt: now + UPLOAD_URL_TTL_SECONDS,
    };
  }

  async uploadStatus(viewer: Viewer, uploadId: string): Promise<UploadStatus> {
    const upload = await this.ownUpload(viewer, uploadId);
    const variants = mediaVariantsSchema.safeParse(upload.variants);
    return {
      uploadId: upload.id,
      kind: upload.kind,
      status: upload.status,
      url: upload.status === 'ready' && variants.success ? this.storage.readUrl(variants.data.key) : null,
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
    // The signed length caps the body on a store that checks signatures; not every one does.
    if (object.size > MAX_IMAGE_BYTES) {
      throw new ValidationError([{ path: 'uploadId', message: mediaMessages.imageTooLarge }]);
    }
    const started = await this.dataSource.transaction(async (tx) => {
      if (!(await this.uploads.in(tx).startProcessing(viewer.sub, uploadId, object.size))) {
        return false;
      }
      await this.outbox.in(tx).add('avatar.uploaded', { uploadId }, correlationId);
      return true;
    });
    if (!started) {
      // A concurrent save of the same upload got there first.
      return this.saveAvatar(viewer, uploadId, correlationId);
    }
    return { uploadId, status: 'processing' };
  }

  private async ownUpload(viewer: Viewer, uploadId: string, kind?: MediaKind): Promise<UploadRow> {
    const upload = isUuid(uploadId) ? await this.uploads.findOwn(viewer.sub, uploadId, kind) : undefined;
    if (!upload) {
      throw new NotFoundError(mediaMessages.uploadNotFound);
    }
    return upload;
  }
}
