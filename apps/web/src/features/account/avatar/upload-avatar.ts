import { uploadProblem, type SaveAvatarResponse } from '@datebook/contracts';
import { ApiError } from '@/lib/api-error';
import { createAvatarUpload, saveAvatar, uploadToStorage } from '../api';

const FILE_NAME = 'avatar.jpg';

/**
 * Checks the photo as the api will, uploads it straight to the object store, then asks the api to
 * use it. Resolves once processing has started; the result arrives later (see useAvatarProcessing).
 */
export async function uploadAvatar(photo: Blob): Promise<SaveAvatarResponse> {
  const file = { fileName: FILE_NAME, contentType: photo.type, size: photo.size };
  const problem = uploadProblem({ kind: 'avatar', ...file });
  if (problem) {
    throw new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: problem.message,
      issues: [{ path: problem.field, message: problem.message }],
    });
  }
  const ticket = await createAvatarUpload(file);
  await uploadToStorage(ticket, photo);
  return saveAvatar(ticket.uploadId);
}
