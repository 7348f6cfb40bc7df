import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Misspelled member names (issue 24, decision 40): the vocabulary of names, `search_names`, one row
 * per distinct word of a username or display name (lowercased, accents removed, letters only, 3 to
 * 40 characters), with a trigram index, kept like `search_words` is for titles. A query word that
 * no name uses finds its close spellings there ("olivai" → "olivia"), and the member search then
 * looks for those words through the existing trigram indexes on the profile rows. Comparing the
 * query with every name by similarity would cost a look at every member.
 * - Letters only: "hugo_sato512" gives "hugo" and "sato", the parts a person would type.
 * - Trigram similarity alone ranks short names badly ("olivai" is closer to "olive" than to
 *   "olivia"), so the search keeps the candidates within an edit distance of 2 (fuzzystrmatch's
 *   levenshtein, a trusted extension shipped with PostgreSQL) and puts a swap of letters first.
 * - Statement triggers on search_documents add the words of profile rows written or renamed,
 *   set-based, so a rebuild batch costs one INSERT. Words are never removed: a word no member uses
 *   any more only widens a query by a name that matches nobody.
 */
export class SearchNames1764900000000 implements MigrationInterface {
  name = 'SearchNames1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

      CREATE TABLE search_names (word text PRIMARY KEY);
      CREATE INDEX search_names_trgm_idx ON search_names USING gin (word gin_trgm_ops);

      CREATE FUNCTION search_name_words(username text, display_name text) RETURNS SETOF text
        LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
          SELECT DISTINCT w
            FROM regexp_split_to_table(lower(unaccent(concat_ws(' ', username, display_name))), '[^[:alpha:]]+') w
           WHERE char_length(w) BETWEEN 3 AND 40
        $fn$;

      -- A word's letters in order: two spellings with the same letters differ by a swap, one slip.
      CREATE FUNCTION search_sorted_letters(word text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
          SELECT string_agg(c, '' ORDER BY c) FROM regexp_split_to_table(word, '') c
        $fn$;

      CREATE FUNCTION search_names_collect() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO search_names (word)
            SELECT DISTINCT w FROM new_rows n
             CROSS JOIN LATERAL search_name_words(n.username, n.display_name) w
             WHERE n.kind = 'profile'
            ON CONFLICT DO NOTHING;
        ELSE
          INSERT INTO search_names (word)
            SELECT DISTINCT w FROM new_rows n
              JOIN old_rows o ON o.kind = n.kind AND o.entity_id = n.entity_id
             CROSS JOIN LATERAL search_name_words(n.username, n.display_name) w
             WHERE n.kind = 'profile'
               AND (n.username IS DISTINCT FROM o.username OR n.display_name IS DISTINCT FROM o.display_name)
            ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER search_names_on_insert AFTER INSERT ON search_documents
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_names_collect();
      CREATE TRIGGER search_names_on_update AFTER UPDATE ON search_documents
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_names_collect();

      INSERT INTO search_names (word)
        SELECT DISTINCT w FROM search_documents d
         CROSS JOIN LATERAL search_name_words(d.username, d.display_name) w
         WHERE d.kind = 'profile'
        ON CONFLICT DO NOTHING;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER search_names_on_update ON search_documents;
      DROP TRIGGER search_names_on_insert ON search_documents;
      DROP FUNCTION search_names_collect();
      DROP FUNCTION search_sorted_letters(text);
      DROP FUNCTION search_name_words(text, text);
      DROP TABLE search_names;
      DROP EXTENSION IF EXISTS fuzzystrmatch;
    `);
  }
}
