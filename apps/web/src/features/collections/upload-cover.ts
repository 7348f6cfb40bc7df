import { uploadProblem, type UploadTicket } from '@datebook/contracts';
import { createCoverUpload } from './api';

/**
 * Sends a picked cover photo (already passed by `coverProblem`) straight to the object store.
 * Resolves with the upload's id for the collection update to name; processing starts with that.
 */
export async function uploadCover(photo: File): Promise<string> {
  const ticket = await createCoverUpload({ fileName: photo.name, contentType: photo.type, size: photo.size });
  await putToStorage(ticket, photo);
  return ticket.uploadId;
}

/** Why a picked file cannot be a cover (not an image, empty, too large) by the api's rule, or undefined. */
export function coverProblem(photo: File): string | undefined {
  return uploadProblem({ kind: 'collection', contentType: photo.type, size: photo.size })?.message;
}

/**
 * The PUT must carry exactly the headers the URL was signed for. A refusal by the store says
 * nothing the member can act on, so it is a plain failure: the dialog shows the retry text.
 */
async function putToStorage(ticket: UploadTicket, photo: Blob): Promise<void> {
  const response = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: photo });
  if (!response.ok) {
    throw new Error(`The object store refused the cover photo (${response.status}).`);
  }
}
