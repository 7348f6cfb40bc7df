import { CollectionEntity } from '../entities';
import { SqlRepository } from './sql-repository';

/** The name of the default collection every member starts with. */
export const DEFAULT_COLLECTION_NAME = 'Saved';

/** The collections table. */
export class CollectionsRepository extends SqlRepository {
  async createDefault(ownerId: string): Promise<void> {
    await this.table(CollectionEntity).insert({ ownerId, name: DEFAULT_COLLECTION_NAME, isDefault: true });
  }
}
