import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Typo tolerance that stays an index lookup at a million posts (issue 12, decision 40). Matching
 * every title by trigram similarity means computing it for every title a walk passes: about 130 ms
 * per 20,000 rows here. Instead the search keeps the vocabulary of post titles, `search_words`,
 * one row per distinct word (lowercased, accents removed, 3 to 40 characters), with a trigram
 * index. A query word with no exact match finds its close spellings there ("picnik" → "picnic",
 * a few thousand rows to look at rather than a million) and the search matches those words through
 * the tsvector index, in titles, tags and descriptions alike.
 * - Statement triggers on search_documents add the words of titles written or changed, set-based,
 *   so a rebuild batch of 5,000 rows costs one INSERT. Words are never removed: a word no post
 *   uses any more only widens a query by a term that matches nothing.
 */
export class SearchIndexes1764710000000 implements MigrationInterface {
  name = 'SearchIndexes1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE search_words (word text PRIMARY KEY);
      CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

      CREATE FUNCTION search_title_words(title text) RETURNS SETOF text
        LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
          SELECT DISTINCT w FROM regexp_split_to_table(lower(unaccent(title)), '[^[:alnum:]]+') w
           WHERE char_length(w) BETWEEN 3 AND 40
        $fn$;

      CREATE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO search_words (word)
            SELECT DISTINCT w FROM new_rows n CROSS JOIN LATERAL search_title_words(n.title) w
             WHERE n.kind <> 'profile'
            ON CONFLICT DO NOTHING;
        ELSE
          INSERT INTO search_words (word)
            SELECT DISTINCT w FROM new_rows n
              JOIN old_rows o ON o.kind = n.kind AND o.entity_id = n.entity_id
             CROSS JOIN LATERAL search_title_words(n.title) w
             WHERE n.kind <> 'profile' AND n.title IS DISTINCT FROM o.title
            ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER search_words_on_insert AFTER INSERT ON search_documents
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
      CREATE TRIGGER search_words_on_update AFTER UPDATE ON search_documents
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();

      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM search_documents d CROSS JOIN LATERAL search_title_words(d.title) w
         WHERE d.kind <> 'profile'
        ON CONFLICT DO NOTHING;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER search_words_on_update ON search_documents;
      DROP TRIGGER search_words_on_insert ON search_documents;
      DROP FUNCTION search_words_collect();
      DROP FUNCTION search_title_words(text);
      DROP TABLE search_words;
    `);
  }
}
