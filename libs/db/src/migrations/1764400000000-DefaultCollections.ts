import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Every member has exactly one default collection, 'Saved' (spec section 3). Sign-up makes it with
 * the account; this gives one to accounts made before that, and the Saved flag on cards answers
 * "in the default collection" through the one-default index (collections_one_default_key).
 *
 * The table's other rules were there from the start: one default per owner, names unique per owner
 * ignoring case, exactly one post per item, an item once per collection, and the index the saved
 * lists page on (collection_id, added_at DESC, id DESC).
 */
export class DefaultCollections1764400000000 implements MigrationInterface {
  name = 'DefaultCollections1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A member who already named a collection 'Saved' keeps it and it becomes the default, so the
    // case-insensitive name index never refuses the migration.
    await queryRunner.query(`
      UPDATE collections c SET is_default = true
       WHERE lower(c.name) = 'saved'
         AND NOT EXISTS (SELECT 1 FROM collections d WHERE d.owner_id = c.owner_id AND d.is_default);
      INSERT INTO collections (owner_id, name, is_default)
      SELECT p.id, 'Saved', true FROM profiles p
       WHERE NOT EXISTS (SELECT 1 FROM collections c WHERE c.owner_id = p.id AND c.is_default);
    `);
  }

  /*
   * Nothing to undo in the schema, and the default collections it made (or marked) are valid rows
   * of the previous version too: sign-up made them already, and members have saved into them since.
   */
  async down(): Promise<void> {}
}
