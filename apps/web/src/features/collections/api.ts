import {
  collectionEndpoints,
  mediaEndpoints,
  saveEndpoints,
  type ChangePostCollectionsRequest,
  type CreateCollectionRequest,
  type PostKind,
  type UpdateCollectionRequest,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function fetchCollections(signal?: AbortSignal) {
  return callEndpoint(collectionEndpoints.list, { query: {}, signal });
}

export function fetchCollectionByName(name: string, signal?: AbortSignal) {
  return callEndpoint(collectionEndpoints.byName, { params: { name }, signal });
}

export function createCollection(body: CreateCollectionRequest) {
  return callEndpoint(collectionEndpoints.create, { body });
}

export function updateCollection(id: string, body: UpdateCollectionRequest) {
  return callEndpoint(collectionEndpoints.update, { params: { id }, body });
}

export function createCoverUpload(file: { fileName: string; contentType: string; size: number }) {
  return callEndpoint(mediaEndpoints.createUpload, { body: { kind: 'collection', ...file } });
}

export function deleteCollection(id: string) {
  return callEndpoint(collectionEndpoints.remove, { params: { id } });
}

export function fetchCollectionItems(id: string, cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(collectionEndpoints.items, { params: { id }, query: { cursor }, signal });
}

export function fetchSavedPosts(cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(saveEndpoints.savedPosts, { query: { cursor }, signal });
}

export function setSaved(kind: PostKind, postId: string, saved: boolean) {
  return callEndpoint(saved ? saveEndpoints.save : saveEndpoints.unsave, { params: { kind, postId } });
}

export function fetchPostCollections(kind: PostKind, postId: string, signal?: AbortSignal) {
  return callEndpoint(saveEndpoints.postCollections, { params: { kind, postId }, signal });
}

export function changePostCollections(kind: PostKind, postId: string, change: ChangePostCollectionsRequest) {
  return callEndpoint(saveEndpoints.changePostCollections, { params: { kind, postId }, body: change });
}
