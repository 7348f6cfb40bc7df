import {
  activityEndpoints,
  categoryEndpoints,
  type CategoryAppliesTo,
  commentEndpoints,
  dateEndpoints,
  type PostKind,
  type UpdateActivityRequest,
  type UpdateDateRequest,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

const endpointsOf = { activity: activityEndpoints, date: dateEndpoints } as const;

export function fetchActivity(id: string, signal?: AbortSignal) {
  return callEndpoint(activityEndpoints.get, { params: { id }, signal });
}

export function fetchDate(id: string, signal?: AbortSignal) {
  return callEndpoint(dateEndpoints.get, { params: { id }, signal });
}

export function updateActivity(id: string, body: UpdateActivityRequest) {
  return callEndpoint(activityEndpoints.update, { params: { id }, body });
}

export function updateDate(id: string, body: UpdateDateRequest) {
  return callEndpoint(dateEndpoints.update, { params: { id }, body });
}

export function deletePost(kind: PostKind, id: string) {
  return callEndpoint(endpointsOf[kind].remove, { params: { id } });
}

export function setLiked(kind: PostKind, id: string, liked: boolean) {
  const endpoints = endpointsOf[kind];
  return callEndpoint(liked ? endpoints.like : endpoints.unlike, { params: { id } });
}

export function fetchComments(kind: PostKind, id: string, cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(endpointsOf[kind].comments, { params: { id }, query: { cursor }, signal });
}

/** `clientId` names this comment across resends: the api stores it once however often it comes. */
export function addComment(kind: PostKind, id: string, body: string, clientId: string) {
  return callEndpoint(endpointsOf[kind].comment, { params: { id }, body: { body, clientId } });
}

export function deleteComment(id: string) {
  return callEndpoint(commentEndpoints.remove, { params: { id } });
}

export function fetchProfilePosts(
  kind: PostKind,
  username: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return callEndpoint(endpointsOf[kind].ofProfile, { params: { username }, query: { cursor }, signal });
}

export function fetchCategories(appliesTo: CategoryAppliesTo, signal?: AbortSignal) {
  return callEndpoint(categoryEndpoints.list, { query: { appliesTo }, signal });
}
