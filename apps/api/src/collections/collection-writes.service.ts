import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  COLLECTION_LIMITS,
  collectionMessages,
  messages,
  type Collection,
  type CreateCollection,
  type UpdateCollection,
} from '@datebook/contracts';
import { CollectionsRepository } from '@datebook/db';
import {
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  ObjectStorage,
  ValidationError,
} from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { CollectionCovers } from './collection-covers';
import { parseCollectionId, toCollection } from './collection-view';

/**
 * Making, renaming, re-covering and deleting one's own collections. Names are unique per owner
 * ignoring case by a unique index, so two racing requests with one name cannot both win: the
 * loser's duplicate-key error answers like any other duplicate.
 */
@Injectable()
export class CollectionWritesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly collections: CollectionsRepository,
    private readonly covers: CollectionCovers,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * A member has at most `COLLECTION_LIMITS.perMember` collections. The count and the insert run
   * under the lock on the member's default collection, so two racing creates cannot both pass it.
   */
  async create(viewer: Viewer, input: CreateCollection): Promise<Collection> {
    let id: string;
    try {
      id = await this.dataSource.transaction(async (tx) => {
        const collections = this.collections.in(tx);
        if (!(await collections.lockDefault(viewer.sub))) {
          throw new NotFoundError(messages.collections.defaultNotFound);
        }
        if ((await collections.countOwn(viewer.sub)) >= COLLECTION_LIMITS.perMember) {
          throw new ConflictError(collectionMessages.tooMany);
        }
        return collections.insert(viewer.sub, input.name);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ValidationError([{ path: 'name', message: messages.collections.invalidName }]);
      }
      throw error;
    }
    return this.read(viewer, id);
  }

  /**
   * Renaming to the name it has is no change, even for the default, whose cover may change. The
   * rename, the cover choice and the events they cause commit together.
   */
  async update(
    viewer: Viewer,
    rawId: string,
    changes: UpdateCollection,
    correlationId?: string,
  ): Promise<Collection> {
    const id = parseCollectionId(rawId);
    const current = await this.collections.findOwn(viewer.sub, id);
    if (!current) {
      throw new NotFoundError(messages.collections.notFoundDot);
    }
    const renamed = changes.name !== current.name;
    if (renamed && current.is_default) {
      throw new ForbiddenError(messages.collections.defaultCannotBeRenamed);
    }
    const cover = changes.coverUploadId
      ? await this.covers.check(viewer, changes.coverUploadId, current.cover_upload_id)
      : undefined;
    if (!renamed && !cover) {
      return toCollection(current, this.storage);
    }
    try {
      await this.dataSource.transaction(async (tx) => {
        const locked = await this.collections.in(tx).lockOwn(viewer.sub, id);
        if (!locked || (renamed && !(await this.collections.in(tx).rename(viewer.sub, id, changes.name)))) {
          throw new NotFoundError(messages.collections.notFoundDot);
        }
        if (cover) {
          const collection = { id, coverUploadId: locked.cover_upload_id };
          await this.covers.choose(tx, viewer, collection, cover, correlationId);
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.collections.titleExists, 'name');
      }
      throw error;
    }
    return this.read(viewer, id);
  }

  /** The collection's cover goes with it, in the same commit. */
  async remove(viewer: Viewer, rawId: string, correlationId?: string): Promise<{ deleted: true }> {
    const id = parseCollectionId(rawId);
    const deleted = await this.dataSource.transaction(async (tx) => {
      const gone = await this.collections.in(tx).deleteOwn(viewer.sub, id);
      if (gone?.cover_upload_id) {
        await this.covers.discard(tx, viewer, gone.cover_upload_id, correlationId);
      }
      return gone !== undefined;
    });
    if (deleted) {
      return { deleted: true };
    }
    const left = await this.collections.findOwn(viewer.sub, id);
    throw left?.is_default
      ? new ForbiddenError(messages.collections.defaultCannotBeDeletedDot)
      : new NotFoundError(messages.collections.notFoundDot);
  }

  private async read(viewer: Viewer, id: string): Promise<Collection> {
    const row = await this.collections.findOwn(viewer.sub, id);
    if (!row) {
      throw new NotFoundError(messages.collections.notFoundDot);
    }
    return toCollection(row, this.storage);
  }
}
