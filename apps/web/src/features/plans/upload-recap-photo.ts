import { uploadProblem } from '@datebook/contracts';
import { createRecapUpload } from './api';

/** Sends a new recap photo straight to the object store; resolves with the upload's id. */
export async function uploadRecapPhoto(photo: File): Promise<string> {
  const ticket = await createRecapUpload({ fileName: photo.name, contentType: photo.type, size: photo.size });
  const response = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: photo });
  if (!response.ok) {
    throw new Error(`The object store refused the photo (${response.status}).`);
  }
  return ticket.uploadId;
}

/** Why a picked file cannot be a date photo (not an image, empty, too large), or undefined. */
export function recapPhotoProblem(photo: File): string | undefined {
  return uploadProblem({ kind: 'date', contentType: photo.type, size: photo.size })?.message;
}
