import { COLLECTION_LIMITS, collectionIdSchema, messages, type Collection } from '@datebook/contracts';
import type { CollectionRow } from '@datebook/db';
import { ValidationError, type ObjectStorage } from '@datebook/server';

/** A collection row as the api returns it, its cover as a signed URL. */
export function toCollection(row: CollectionRow, storage: ObjectStorage): Collection {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    itemCount: Math.min(row.item_count, COLLECTION_LIMITS.countedItems),
    itemCountCapped: row.item_count > COLLECTION_LIMITS.countedItems,
    coverUrl: storage.readUrl(row.cover_key),
    coverProcessing: row.cover_processing,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The id of a route: anything but the digits of a bigint is 'Invalid collection id' (spec section 5). */
export function parseCollectionId(raw: string): string {
  const parsed = collectionIdSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ValidationError([{ path: 'id', message: messages.collections.invalidId }]);
  }
  return parsed.data;
}
