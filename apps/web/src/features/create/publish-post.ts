import {
  activityEndpoints,
  dateEndpoints,
  mediaEndpoints,
  postMessages,
  type CreateActivityRequest,
  type PostKind,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { activityRequestOf, dateRequestOf, type DraftMediaInput } from './draft/draft-request';
import type { DraftMedia, PostDraft } from './draft/post-draft';

const createActivity = activityEndpoints.create;
const createDate = dateEndpoints.create;

/**
 * Publishes the draft: each photo or video goes straight to storage through a presigned URL, in
 * order, then one request creates the post from those uploads (the api does that in one transaction).
 * `requestId` names this attempt: sent again after a lost answer, it gets the same post back.
 */
export async function publishDraft(
  draft: PostDraft,
  requestId: string,
): Promise<{ kind: PostKind; id: string }> {
  const media: DraftMediaInput = [];
  for (const [position, item] of draft.media.entries()) {
    media.push({ uploadId: await upload(draft.kind, item), position });
  }
  if (draft.kind === 'date') {
    const created = await callEndpoint(createDate, { body: dateRequestOf(draft, media, requestId) });
    return { kind: 'date', id: created.id };
  }
  // The preview publishes only a draft that passed validateDraft, so the required fields are set;
  // were one missing, callEndpoint would refuse the body with the spec's message before sending.
  const body = activityRequestOf(draft, media, requestId) as CreateActivityRequest;
  const created = await callEndpoint(createActivity, { body });
  return { kind: 'activity', id: created.id };
}

async function upload(kind: PostKind, item: DraftMedia): Promise<string> {
  const blob = item.cropped ?? item.file;
  const ticket = await callEndpoint(mediaEndpoints.createUpload, {
    body: {
      kind,
      fileName: item.cropped ? asJpegName(item.fileName) : item.fileName,
      contentType: blob.type,
      size: blob.size,
    },
  });
  const response = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: blob });
  if (!response.ok) {
    throw new ApiError({ status: response.status, code: 'INTERNAL', message: postMessages.uploadUnusable });
  }
  return ticket.uploadId;
}

/** A cropped photo is a JPEG whatever it was picked as. */
function asJpegName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, '')}.jpg`;
}
