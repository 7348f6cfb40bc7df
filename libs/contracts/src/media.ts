import { z } from 'zod';
import { MEDIA_KINDS, MEDIA_STATUSES, type MediaKind } from './constants';
import { defineEndpoint } from './endpoint';
import { lineText } from './primitives';

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/** Square JPEG renditions of an avatar, largest first; the profile shows `AVATAR_DISPLAY_SIZE`. */
export const AVATAR_SIZES = [512, 256, 128] as const;
export const AVATAR_DISPLAY_SIZE: (typeof AVATAR_SIZES)[number] = 256;

/** Square JPEG renditions of a collection's cover, largest first; cards show `COLLECTION_COVER_DISPLAY_SIZE`. */
export const COLLECTION_COVER_SIZES = [640, 320] as const;
export const COLLECTION_COVER_DISPLAY_SIZE: (typeof COLLECTION_COVER_SIZES)[number] = 640;

/** Texts of the upload rules that the spec leaves unworded. */
export const mediaMessages = {
  imageTooLarge: 'Images must be 10 MB or smaller.',
  videoTooLarge: 'Videos must be 100 MB or smaller.',
  emptyFile: 'This file is empty.',
  fileNameRequired: 'The file needs a name.',
  avatarImageOnly: 'Only image files can be used as an avatar.',
  coverImageOnly: 'Only image files can be used as a cover photo.',
  unsupportedType: 'Use a JPEG, PNG, WebP or GIF image, or an MP4, MOV or WebM video.',
  uploadNotFound: 'Upload not found.',
  uploadMissing: 'Upload the file before saving it.',
  notAnImage: 'This file is not an image we can read.',
  tooManyPixels: 'This image has too many pixels. Please choose a smaller one.',
} as const;

const isImageType = (contentType: string): boolean =>
  (IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType);
const isVideoType = (contentType: string): boolean =>
  (VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType);

/** Avatars and collection covers are photos; posts may also carry videos. */
export function acceptsVideo(kind: MediaKind): boolean {
  return kind === 'activity' || kind === 'date';
}

export interface UploadProblem {
  field: 'contentType' | 'size';
  message: string;
}

/**
 * Why a file may not be uploaded as `kind`, or null when it may. The api enforces it and the web
 * app runs it on the picked file first, so the user learns before sending a byte.
 */
export function uploadProblem(file: {
  kind: MediaKind;
  contentType: string;
  size: number;
}): UploadProblem | null {
  const contentType = file.contentType.toLowerCase();
  const video = acceptsVideo(file.kind) && isVideoType(contentType);
  if (!isImageType(contentType) && !video) {
    const message =
      file.kind === 'avatar'
        ? mediaMessages.avatarImageOnly
        : file.kind === 'collection'
          ? mediaMessages.coverImageOnly
          : mediaMessages.unsupportedType;
    return { field: 'contentType', message };
  }
  if (file.size <= 0) {
    return { field: 'size', message: mediaMessages.emptyFile };
  }
  if (video ? file.size > MAX_VIDEO_BYTES : file.size > MAX_IMAGE_BYTES) {
    return { field: 'size', message: video ? mediaMessages.videoTooLarge : mediaMessages.imageTooLarge };
  }
  return null;
}

/** Objects of one user and kind live under `{userId}/{kind}-media/` (spec section 3). */
export const mediaKeyPrefix = (userId: string, kind: MediaKind): string => `${userId}/${kind}-media/`;

export const createUploadRequestSchema = z
  .object({
    kind: z.enum(MEDIA_KINDS),
    fileName: lineText().min(1, mediaMessages.fileNameRequired).max(255),
    contentType: z.string().trim().toLowerCase().max(100),
    size: z.number().int().nonnegative(),
  })
  .superRefine((file, ctx) => {
    const problem = uploadProblem(file);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  });
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;
export type CreateUpload = z.output<typeof createUploadRequestSchema>;

/** Where and how to send the bytes: `PUT uploadUrl` with `headers` and the file as the body. */
export const uploadTicketSchema = z.object({
  uploadId: z.string(),
  uploadUrl: z.string(),
  key: z.string(),
  /** Signed into the URL: the PUT must carry exactly these. */
  headers: z.object({ 'content-type': z.string() }),
  /** Unix time (seconds) after which the URL no longer accepts the upload. */
  expiresAt: z.number(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/**
 * The formats a post photo's renditions come in: WebP for the browsers that take it (about half the
 * bytes), JPEG for every other and as the `<img>`'s own source.
 */
export const POST_IMAGE_TYPES = ['image/webp', 'image/jpeg'] as const;
export type RenditionType = (typeof POST_IMAGE_TYPES)[number];

export const mediaVariantSchema = z.object({
  /** The edge (or width) it was made for; `width`/`height` are smaller when the source was. */
  size: z.number().int(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Absent on the JPEGs made before there were WebP renditions (and on avatars and covers): a JPEG. */
  type: z.enum(POST_IMAGE_TYPES).optional(),
});
/**
 * What the worker made of an upload (the `variants` column once ready). Object keys, never URLs:
 * the bucket is private and the api signs a URL for each key when it answers.
 */
export const mediaVariantsSchema = z.object({
  /** The rendition to show by default (for an avatar the `AVATAR_DISPLAY_SIZE` one). */
  key: z.string(),
  images: z.array(mediaVariantSchema),
  /** A tiny JPEG as a data URL, shown blurred while the real image loads. */
  placeholder: z.string(),
});
export type MediaVariants = z.infer<typeof mediaVariantsSchema>;

export const uploadStatusSchema = z.object({
  uploadId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  status: z.enum(MEDIA_STATUSES),
  /** `MediaVariants.url` once ready. */
  url: z.string().nullable(),
  placeholder: z.string().nullable(),
  /** Why it failed, in words for the user. */
  message: z.string().nullable(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const saveAvatarRequestSchema = z.object({ uploadId: z.uuid(mediaMessages.uploadNotFound) });
export type SaveAvatarRequest = z.input<typeof saveAvatarRequestSchema>;

/** Saving again (a retried request) answers with where the first save got to. */
export const saveAvatarResponseSchema = z.object({
  uploadId: z.string(),
  status: z.enum(['processing', 'ready']),
});
export type SaveAvatarResponse = z.infer<typeof saveAvatarResponseSchema>;

export const mediaEndpoints = {
  createUpload: defineEndpoint({
    method: 'POST',
    path: '/media/uploads',
    tag: 'media',
    summary: 'Check a file (type and size for its kind) and get a presigned URL to upload it to.',
    body: createUploadRequestSchema,
    response: uploadTicketSchema,
    status: 201,
  }),
  uploadStatus: defineEndpoint({
    method: 'GET',
    path: '/media/uploads/:uploadId',
    tag: 'media',
    summary: 'Where one of your uploads is: pending, processing, ready (with its URL) or failed (with why).',
    response: uploadStatusSchema,
  }),
  saveAvatar: defineEndpoint({
    method: 'PUT',
    path: '/profiles/me/avatar',
    tag: 'media',
    summary:
      'Use an uploaded image as your avatar. It is processed in the background; profile.updated and media.status follow on the socket.',
    body: saveAvatarRequestSchema,
    response: saveAvatarResponseSchema,
    status: 202,
  }),
};
