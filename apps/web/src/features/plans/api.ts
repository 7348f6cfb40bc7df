import {
  activityEndpoints,
  mediaEndpoints,
  planEndpoints,
  saveEndpoints,
  searchEndpoints,
  type CreatePlanRequest,
  type PlanListScope,
  type PlanOpRequestInput,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function fetchPlan(id: string, signal?: AbortSignal) {
  return callEndpoint(planEndpoints.get, { params: { id }, signal });
}

export function createPlan(body: CreatePlanRequest) {
  return callEndpoint(planEndpoints.create, { body });
}

/** The REST door of the one operation path, for when there is no socket. */
export function sendPlanOp(id: string, body: PlanOpRequestInput) {
  return callEndpoint(planEndpoints.op, { params: { id }, body });
}

export function fetchPlanEvents(id: string, since: number, signal?: AbortSignal) {
  return callEndpoint(planEndpoints.events, { params: { id }, query: { since }, signal });
}

/** One page of the plan's history, newest first; `before` is the previous page's `nextBefore`. */
export function fetchPlanHistory(planId: string, before: number | undefined, signal?: AbortSignal) {
  return callEndpoint(planEndpoints.history, { params: { planId }, query: { before }, signal });
}

export function fetchPlans(
  list: PlanListScope,
  cursor: string | undefined,
  limit: number | undefined,
  signal?: AbortSignal,
) {
  return callEndpoint(planEndpoints.list, { query: { list, cursor, limit }, signal });
}

export function fetchCollaboratorChoices(id: string, signal?: AbortSignal) {
  return callEndpoint(planEndpoints.collaboratorChoices, { params: { id }, signal });
}

export function fetchSharedPlan(username: string, shareToken: string, signal?: AbortSignal) {
  return callEndpoint(planEndpoints.shared, { params: { username, shareToken }, signal });
}

/** The token of the plan's share link; members only. */
export function fetchShareLink(id: string, signal?: AbortSignal) {
  return callEndpoint(planEndpoints.shareLink, { params: { id }, signal });
}

/** A new share link for the owner's plan; the old one stops working. */
export function resetShareLink(id: string) {
  return callEndpoint(planEndpoints.resetShareLink, { params: { id } });
}

/* The Add Activity picker's sources: the member's own activities, their saved posts, a search. */

export function fetchOwnActivities(username: string, cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(activityEndpoints.ofProfile, { params: { username }, query: { cursor }, signal });
}

export function fetchSavedPosts(cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(saveEndpoints.savedPosts, { query: { cursor }, signal });
}

export function searchActivities(q: string, cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(searchEndpoints.activities, { query: { q, cursor }, signal });
}

/** A new photo for a completed plan's recap: a date upload, named by id in the publish op. */
export function createRecapUpload(file: { fileName: string; contentType: string; size: number }) {
  return callEndpoint(mediaEndpoints.createUpload, { body: { kind: 'date', ...file } });
}
