import { Body, Controller, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  mediaEndpoints,
  type CreateUpload,
  type SaveAvatarRequest,
  type SaveAvatarResponse,
  type UploadStatus,
  type UploadTicket,
} from '@datebook/contracts';
import { Authenticated, CurrentViewer } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { Endpoint } from '../http/endpoint.decorator';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { MediaService } from './media.service';

@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  // Each request writes a row: generous for a post with many photos, not for a script.
  @Authenticated()
  @RateLimit({ bucket: 'media-uploads', limit: 120, windowSeconds: 600 })
  @Endpoint(mediaEndpoints.createUpload)
  createUpload(@CurrentViewer() viewer: Viewer, @Body() body: CreateUpload): Promise<UploadTicket> {
    return this.media.createUpload(viewer, body);
  }

  @Authenticated()
  @Endpoint(mediaEndpoints.uploadStatus)
  uploadStatus(@CurrentViewer() viewer: Viewer, @Param('uploadId') uploadId: string): Promise<UploadStatus> {
    return this.media.uploadStatus(viewer, uploadId);
  }

  @Authenticated()
  @Endpoint(mediaEndpoints.saveAvatar)
  saveAvatar(
    @CurrentViewer() viewer: Viewer,
    @Body() body: SaveAvatarRequest,
    @Req() request: FastifyRequest,
  ): Promise<SaveAvatarResponse> {
    return this.media.saveAvatar(viewer, body.uploadId, request.id);
  }
}
