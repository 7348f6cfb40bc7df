import {
  activityEndpoints,
  dateEndpoints,
  mediaEndpoints,
  MOODS,
  postMessages,
  TIME_REQUIRED,
  type Budget,
  type PostKind,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
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
  const media: { uploadId: string; position: number }[] = [];
  for (const [position, item] of draft.media.entries()) {
    media.push({ uploadId: await upload(draft.kind, item), position });
  }
  const common = {
    title: draft.title,
    description: draft.description,
    tags: draft.tags,
    media,
    requestId,
  };
  if (draft.kind === 'date') {
    const created = await callEndpoint(createDate, {
      body: {
        ...common,
        dateOf: draft.dateOf || null,
        activityIds: draft.connectedActivities,
        visibilityPublic: !draft.isPrivate,
        allowComments: draft.allowComments,
      },
    });
    return { kind: 'date', id: created.id };
  }
  // The preview publishes only a draft that passed validateDraft, so the required fields are set;
  // were one missing, callEndpoint would refuse the body with the spec's message before sending.
  const created = await callEndpoint(createActivity, {
    body: {
      ...common,
      categoryId: draft.categoryId as number,
      mood: oneOf(MOODS, draft.mood),
      budget: draft.budget as Budget,
      timeRequired: oneOf(TIME_REQUIRED, draft.timeRequired) as (typeof TIME_REQUIRED)[number],
      locationType: draft.locationType,
      location: draft.locationType === 'Site Specific' ? draft.location : null,
      equipment: draft.equipment,
    },
  });
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

function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}
