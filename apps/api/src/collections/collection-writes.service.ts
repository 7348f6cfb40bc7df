import { Injectable } from '@nestjs/common';
import { messages, type Collection, type CreateCollection, type UpdateCollection } from '@datebook/contracts';
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
import { parseCollectionId, toCollection } from './collection-view';

/**
 * Making, renaming and deleting one's own collections. Names are unique per owner ignoring case by
 * a unique index, so two racing requests with one name cannot both win: the loser's duplicate-key
 * error answers like any other duplicate.
 */
@Injectable()
export class CollectionWritesService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async create(viewer: Viewer, input: CreateCollection): Promise<Collection> {
    let id: string;
    try {
      id = await this.collections.insert(viewer.sub, input.name);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ValidationError([{ path: 'name', message: messages.collections.invalidName }]);
      }
      throw error;
    }
    return this.read(viewer, id);
  }

  /** Renaming to the name it has is no change, even for the default. */
  async update(viewer: Viewer, rawId: string, changes: UpdateCollection): Promise<Collection> {
    const id = parseCollectionId(rawId);
    const current = await this.collections.findOwn(viewer.sub, id);
    if (!current) {
      throw new NotFoundError(messages.collections.notFoundDot);
    }
    if (changes.name === current.name) {
      return toCollection(current, this.storage);
    }
    if (current.is_default) {
      throw new ForbiddenError(messages.collections.defaultCannotBeRenamed);
    }
    try {
      if (!(await this.collections.rename(viewer.sub, id, changes.name))) {
        throw new NotFoundError(messages.collections.notFoundDot);
      }
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(messages.collections.titleExists, 'name');
      }
      throw error;
    }
    return this.read(viewer, id);
  }

  async remove(viewer: Viewer, rawId: string): Promise<{ deleted: true }> {
    const id = parseCollectionId(rawId);
    if (await this.collections.deleteOwn(viewer.sub, id)) {
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
