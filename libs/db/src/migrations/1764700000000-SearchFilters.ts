import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Issue 12: search that finds what people mean, with every filter on the server.
 * - Stemming: words go through unaccent, then the English Snowball stemmer ("picnics" finds
 *   "Picnic", "hiking" finds "hike"). Posts in other languages still match word for word, since the
 *   stemmer leaves words it does not know nearly intact; decision 40.
 * - The filter columns are copied in (budget, mood, time required, site-specific) with the counts
 *   the sorts need, so a search reads no other table until it builds the cards of one page.
 * The stored `document` is derived with the configuration at write time, so it is dropped and added
 * again to be re-derived with the new one.
 */
export class SearchFilters1764700000000 implements MigrationInterface {
  name = 'SearchFilters1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- Landed before migrations were linted (issue 27, decision 62): it ran as written, in one
      -- transaction, on tables of the size they were then. Later migrations follow the rules.
      -- squawk-ignore-file adding-field-with-default, ban-drop-column, require-concurrent-index-creation
      ALTER TEXT SEARCH CONFIGURATION datebook_search
        ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
        WITH unaccent, english_stem;

      ALTER TABLE search_documents
        DROP COLUMN document,
        ADD COLUMN budget text,
        ADD COLUMN mood text,
        ADD COLUMN time_required text,
        ADD COLUMN site_specific boolean NOT NULL DEFAULT false,
        ADD COLUMN comment_count integer NOT NULL DEFAULT 0,
        ADD COLUMN save_count integer NOT NULL DEFAULT 0,
        ADD COLUMN indexed_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN document tsvector NOT NULL GENERATED ALWAYS AS (
          setweight(to_tsvector('datebook_search', title), 'A') ||
          setweight(to_tsvector('datebook_search', search_tags_text(tags)), 'B') ||
          setweight(to_tsvector('datebook_search', body), 'C')
        ) STORED;
      CREATE INDEX search_documents_document_idx ON search_documents USING gin (document);
      CREATE INDEX search_documents_category_slugs_idx ON search_documents USING gin (category_slugs);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX search_documents_category_slugs_idx;
      ALTER TABLE search_documents
        DROP COLUMN document,
        DROP COLUMN budget,
        DROP COLUMN mood,
        DROP COLUMN time_required,
        DROP COLUMN site_specific,
        DROP COLUMN comment_count,
        DROP COLUMN save_count,
        DROP COLUMN indexed_at;
      ALTER TEXT SEARCH CONFIGURATION datebook_search
        ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH simple;
      ALTER TEXT SEARCH CONFIGURATION datebook_search
        ALTER MAPPING FOR word, hword, hword_part WITH unaccent, simple;
      ALTER TABLE search_documents
        ADD COLUMN document tsvector NOT NULL GENERATED ALWAYS AS (
          setweight(to_tsvector('datebook_search', title), 'A') ||
          setweight(to_tsvector('datebook_search', search_tags_text(tags)), 'B') ||
          setweight(to_tsvector('datebook_search', body), 'C')
        ) STORED;
      CREATE INDEX search_documents_document_idx ON search_documents USING gin (document);
    `);
  }
}
