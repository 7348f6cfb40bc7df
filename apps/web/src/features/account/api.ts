import {
  authEndpoints,
  followRequestEndpoints,
  mediaEndpoints,
  messages,
  profileEndpoints,
  type UpdateProfileRequest,
  type UploadTicket,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

export function updateOwnProfile(body: UpdateProfileRequest) {
  return callEndpoint(profileEndpoints.updateOwn, { body });
}

export function changeUsername(username: string) {
  return callEndpoint(profileEndpoints.changeUsername, { body: { username } });
}

export function setProfilePrivate(isPrivate: boolean) {
  return callEndpoint(profileEndpoints.setPrivacy, { body: { isPrivate } });
}

/** Starts an e-mail change; the new address confirms it by link. */
export function changeEmail(change: { email: string; currentPassword: string }) {
  return callEndpoint(authEndpoints.updateUser, { body: change });
}

/** Deletes the account; the current password proves the session's holder knows the account. */
export function deleteAccount(currentPassword: string) {
  return callEndpoint(authEndpoints.deleteUser, { body: { currentPassword } });
}

export function enrollTotpFactor() {
  return callEndpoint(authEndpoints.enrollFactor, { body: { friendlyName: 'Authenticator app' } });
}

export function removeFactor(factorId: string) {
  return callEndpoint(authEndpoints.removeFactor, { params: { id: factorId } });
}

export function createAvatarUpload(file: { fileName: string; contentType: string; size: number }) {
  return callEndpoint(mediaEndpoints.createUpload, { body: { kind: 'avatar', ...file } });
}

/** Sends the bytes straight to the object store, with exactly the headers the URL was signed for. */
export async function uploadToStorage(ticket: UploadTicket, file: Blob): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: file });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected, cause });
  }
  if (!response.ok) {
    throw new ApiError({ status: response.status, code: 'INTERNAL', message: messages.errors.unexpected });
  }
}

export function saveAvatar(uploadId: string) {
  return callEndpoint(mediaEndpoints.saveAvatar, { body: { uploadId } });
}

export function fetchUploadStatus(uploadId: string, signal?: AbortSignal) {
  return callEndpoint(mediaEndpoints.uploadStatus, { params: { uploadId }, signal });
}

export function fetchFollowRequests(cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(followRequestEndpoints.list, { query: { cursor }, signal });
}

export function answerFollowRequest(username: string, answer: 'approve' | 'decline') {
  return callEndpoint(followRequestEndpoints[answer], { params: { username } });
}

export function answerAllFollowRequests(answer: 'approve' | 'decline') {
  return callEndpoint(
    answer === 'approve' ? followRequestEndpoints.approveAll : followRequestEndpoints.declineAll,
  );
}

export function removeFollower(username: string) {
  return callEndpoint(followRequestEndpoints.removeFollower, { params: { username } });
}
