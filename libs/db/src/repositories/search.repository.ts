import { PROFILE_LIMITS, type Budget, type PostKind } from '@datebook/contracts';
import { createdAtMicrosSql } from './keyset';
import { cardSelectSql, type CardRow } from './post-cards';
import { POST_TABLES } from './post-tables';
import { SqlRepository } from './sql-repository';

/**
 * How a post search orders its matches (decision 40):
 * - `newest`: created_at, then id, over every match.
 * - `relevance`: text rank (bounded to [0, 1)) + 1 when the title contains the query + the
 *   query's trigram word similarity to the title.
 * - `popular`: engagement, likes + 2 × comments + 3 × saves.
 * - `rated`: likes relative to exposure, a smoothed like rate (likes + 1) / (reach + 20) where reach
 *   is the author's followers plus the post's likes (people outside the followers who saw it).
 * The last three rank a bounded candidate set, the newest SEARCH_CANDIDATES matches: ranking every
 * match of a common word over a million posts is too slow for a page read.
 */
export type PostSearchSort = 'newest' | 'relevance' | 'popular' | 'rated';

/** How many of the newest matches a ranked sort (anything but newest) ranks. */
export const SEARCH_CANDIDATES = 500;

/** Words of a query that reach the text match; more say nothing a user means. */
export const MAX_QUERY_WORDS = 16;

/** The smoothing of `rated`: a prior like rate of 1 in 20 that weighs as much as 20 views. */
const RATED_PRIOR = { likes: 1, reach: 20 } as const;

/**
 * Where a page ends: `key` is the sort value of the last row (created_at in microseconds for
 * newest, the score as PostgreSQL prints it otherwise, which reads back to the same float), `id`
 * its id.
 */
export interface SearchPosition {
  key: string;
  id: string;
}

/** Filters on the copied columns; an absent one does not filter. */
export interface PostSearchFilters {
  budget?: Budget;
  /** Post moods, any of which matches. */
  moods?: readonly string[];
  /** Time-required labels, any of which matches. */
  times?: readonly string[];
  categorySlug?: string;
  siteSpecific?: boolean;
}

export interface PostSearch {
  /** Trimmed; empty lists what the filters match. */
  q: string;
  filters: PostSearchFilters;
  sort: PostSearchSort;
  after?: SearchPosition;
  limit: number;
}

/** A card and the sort key that a cursor keeps. */
export interface SearchCardRow extends CardRow {
  sort_key: string;
}

export interface UserSearchRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
  is_private: boolean;
  follower_count: number;
  is_following: boolean;
  /** The viewer's follow request to this member waits for their approval. */
  requested: boolean;
  sort_key: string;
}

/** A query's words: letters and digits only, so nothing of the tsquery syntax survives. */
export function queryWords(q: string): string[] {
  return (q.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
}

/**
 * The words as a tsquery: all of them (AND), the last one also as a prefix, each or one of its
 * close spellings (`alternatives[i]`, exact words). Null when there is no word.
 */
export function wordsTsQuery(
  words: readonly string[],
  alternatives: ReadonlyMap<number, readonly string[]> = new Map(),
): string | null {
  if (words.length === 0) {
    return null;
  }
  return words
    .map((word, i) => {
      const own = i === words.length - 1 ? `${word}:*` : word;
      const close = (alternatives.get(i) ?? []).filter((alt) => /^[\p{L}\p{N}]+$/u.test(alt));
      return close.length === 0 ? own : `(${[own, ...close].join(' | ')})`;
    })
    .join(' & ');
}

/** Index rows a Newest page reads beyond twice its size, for the few a live check may drop. */
const NEWEST_SPARE_ROWS = 20;

/**
 * How close a spelling must be to count as the word meant (trigram similarity): "picnik" and
 * "picnic" score 0.56, "picnik" and "pick" 0.33. Shorter words are too short to tell.
 */
export const CLOSE_SPELLING = { similarity: 0.5, minLength: 4, perWord: 3 } as const;

/**
 * How close a name must be to a query word to count as the name meant: a candidate from the
 * trigram index (similarity ≥ 0.3) within one edit, two from six letters on, where a swap of two
 * letters is one edit ("olivai" → "olivia", "sofie" → "sofia"). Trigram similarity alone ranks short
 * names badly: "olivai" scores 0.44 against "olive" but 0.4 against "olivia".
 */
export const CLOSE_NAME = {
  similarity: 0.3,
  minLength: 4,
  twoEditsFrom: 6,
  perWord: 3,
  maxWords: 4,
} as const;

/** A text expression as a LIKE pattern that matches it literally (its wildcards escaped). */
const likeLiteral = (sql: string): string =>
  `replace(replace(replace(${sql}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
const containsPattern = (sql: string): string => `'%' || ${likeLiteral(sql)} || '%'`;
const startsWithPattern = (sql: string): string => `${likeLiteral(sql)} || '%'`;

/**
 * Where the values of one statement go: each `add` appends a value and gives its placeholder.
 * $1 is always the viewer (NULL for a visitor) and $2 the row limit.
 */
class Values {
  readonly list: unknown[];
  constructor(viewerId: string | null, limit: number) {
    this.list = [viewerId, limit];
  }
  add(value: unknown, cast: string): string {
    this.list.push(value);
    return `$${this.list.length}::${cast}`;
  }
}

/** What every searcher may find of kind K in the index (spec section 6): never their own. */
const indexedVisibleSql = (kind: PostKind): string =>
  `d.kind = '${kind}' AND NOT d.author_is_admin AND NOT d.author_is_private AND d.visibility_public
    AND NOT d.is_custom AND d.author_id IS DISTINCT FROM $1::uuid`;

/**
 * The same, checked on the live rows `x` (post), `p` (author) and `u` (account), so an index that
 * lags behind a privacy change, a date made private or an account deleted never shows it.
 * Search hides private authors' posts from everyone, followers included (spec section 6).
 */
const liveVisibleSql = (kind: PostKind): string =>
  `p.access_type = 'standard' AND NOT p.is_private AND u.deleted_at IS NULL
    AND x.user_id IS DISTINCT FROM $1::uuid AND ${kind === 'date' ? 'x.visibility_public' : 'NOT x.is_custom'}`;

const liveJoinSql = (kind: PostKind, idSql: string): string =>
  `JOIN ${POST_TABLES[kind].table} x ON x.id = ${idSql}
   JOIN profiles p ON p.id = x.user_id JOIN users u ON u.id = p.id`;

/**
 * Search (spec section 7, Search, widened by issue 12): posts by words and filters, members by
 * name. It reads the index `search_documents` to find matches, then the live rows of only the
 * matches it keeps, and builds a page's cards in the same statement. Misspelled words are matched
 * through their close spellings in `search_words`, the vocabulary of titles.
 */
export class SearchRepository extends SqlRepository {
  /** Whether a category filter names a category (of either kind of post). */
  async categoryExists(slug: string): Promise<boolean> {
    const rows = await this.query<{ found: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM categories WHERE slug = $1) AS found',
      [slug],
    );
    return rows[0]?.found ?? false;
  }

  /**
   * At most `limit` posts of `kind` that match, in the sort's order after `after`, as cards for
   * viewer `viewerId` (null for a visitor). One statement.
   */
  async posts(kind: PostKind, viewerId: string | null, search: PostSearch): Promise<SearchCardRow[]> {
    const values = new Values(viewerId, search.limit);
    const where = [indexedVisibleSql(kind), ...this.filterSql(kind, search.filters, values)];
    const q = search.q === '' ? null : values.add(search.q, 'text');
    const words = queryWords(search.q);
    const tsquery = wordsTsQuery(words, await this.closeSpellings(words));
    const tsq = tsquery === null ? null : `to_tsquery('datebook_search', ${values.add(tsquery, 'text')})`;
    if (q !== null) {
      // Both arms can use an index: the trigram one on lower(title), the tsvector one.
      const arms = [`lower(d.title) LIKE ${containsPattern(`lower(${q})`)}`];
      if (tsq !== null) {
        arms.push(`d.document @@ ${tsq}`);
      }
      where.push(`(${arms.join(' OR ')})`);
    }
    const page =
      search.sort === 'newest'
        ? this.newestPageSql(kind, where, search.after, values)
        : this.rankedPageSql(kind, where, this.scoreSql(search.sort, q, tsq), search.after, values);
    return this.query<SearchCardRow>(
      `WITH ${page}
      ${cardSelectSql(kind, 'page.sort_key, page.ord')}
        JOIN page ON page.id = x.id
       ORDER BY page.ord`,
      values.list,
    );
  }

  /**
   * Members whose username or display name contains `q`, is close to it (trigram word similarity)
   * or contains a close spelling of one of its words from the vocabulary of names (`closeNames`),
   * never the searcher, never an admin; private profiles too, flagged. Ranked by how well they
   * match: an exact name, then a name starting with `q`, then similarity; at most
   * SEARCH_CANDIDATES of the newest matches are ranked. Names only similar to `q` are candidates
   * only while those containing it (or a close spelling) do not fill the window.
   */
  async users(
    viewerId: string | null,
    search: { q: string; after?: SearchPosition; limit: number },
  ): Promise<UserSearchRow[]> {
    // No name is longer than a display name may be, so a longer query matches nobody; checking it by
    // similarity against every member cost seconds (sqlmap's payloads, issue 24).
    if (search.q.length > PROFILE_LIMITS.displayName) {
      return [];
    }
    const values = new Values(viewerId, search.limit);
    const q = values.add(search.q, 'text');
    const after = search.after
      ? `WHERE (r.score, r.id) < (${values.add(search.after.key, 'float8')}, ${values.add(search.after.id, 'uuid')})`
      : '';
    const name = (column: string) => `lower(COALESCE(d.${column}, ''))`;
    // Under three characters there is no trigram to compare: a name must contain the query.
    const fuzzy = search.q.length >= 3;
    // Vocabulary words are letters only, so the pattern holds no LIKE wildcard but its own.
    const close = (fuzzy ? await this.closeNames(search.q) : []).map((word) =>
      values.add(`%${word}%`, 'text'),
    );
    const matches = (column: string, arms: 'substring' | 'similar') =>
      (arms === 'substring'
        ? [
            `lower(d.${column}) LIKE ${containsPattern(`lower(${q})`)}`,
            ...close.map((pattern) => `lower(d.${column}) LIKE ${pattern}`),
          ]
        : [`lower(d.${column}) %> lower(${q})`]
      ).join(' OR ');
    const profileRows = `FROM search_documents d
           WHERE d.kind = 'profile' AND NOT d.author_is_admin AND d.author_id IS DISTINCT FROM $1::uuid`;
    const columns = `d.author_id AS id, ${name('username')} AS username_key, ${name('display_name')} AS name_key, d.created_at`;
    // Names that contain the query (or a close spelling of one of its words) come first; names only
    // similar to it are looked for when those do not fill the candidates, which is when they could
    // show: a common name ('olivia', 1,771 of 100,000 members) then skips the costly similarity scan.
    return this.preparedRead<UserSearchRow>(
      'search_users',
      `WITH containing AS (
          SELECT ${columns} ${profileRows}
             AND (${matches('username', 'substring')} OR ${matches('display_name', 'substring')})
           ORDER BY d.created_at DESC LIMIT ${SEARCH_CANDIDATES}),
        resembling AS (
          SELECT ${columns} ${profileRows}
             AND ${fuzzy ? 'true' : 'false'} AND (SELECT count(*) FROM containing) < ${SEARCH_CANDIDATES}
             AND (${matches('username', 'similar')} OR ${matches('display_name', 'similar')})
           ORDER BY d.created_at DESC LIMIT ${SEARCH_CANDIDATES}),
        candidates AS (
          SELECT id, username_key, name_key FROM (SELECT * FROM containing UNION SELECT * FROM resembling) m
           ORDER BY m.created_at DESC LIMIT ${SEARCH_CANDIDATES}),
        ranked AS (
          SELECT c.id, (CASE WHEN lower(${q}) IN (c.username_key, c.name_key) THEN 2
                             WHEN c.username_key LIKE ${startsWithPattern(`lower(${q})`)}
                               OR c.name_key LIKE ${startsWithPattern(`lower(${q})`)} THEN 1
                             ELSE 0 END
                        + GREATEST(word_similarity(lower(${q}), c.username_key),
                                   word_similarity(lower(${q}), c.name_key)))::float8 AS score,
                 p.username, p.display_name, p.avatar_key, p.is_private, p.follower_count
            FROM candidates c
            JOIN profiles p ON p.id = c.id JOIN users u ON u.id = p.id
           WHERE p.access_type = 'standard' AND u.deleted_at IS NULL)
      SELECT r.id, r.username, r.display_name, r.avatar_key, r.is_private, r.follower_count,
             EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1::uuid AND f.following_id = r.id) AS is_following,
             EXISTS (SELECT 1 FROM follow_requests fr WHERE fr.requester_id = $1::uuid AND fr.target_id = r.id) AS requested,
             r.score::text AS sort_key
        FROM ranked r
        ${after}
       ORDER BY r.score DESC, r.id DESC
       LIMIT $2`,
      values.list,
    );
  }

  /**
   * Close spellings, from the vocabulary of names, of each word of a member search that no name
   * uses as it is (letters only, as the vocabulary keeps them): the closest within CLOSE_NAME's
   * edits, a swap of two letters counting as one ("olivai" gives "olivia", not also "olive" two
   * edits away). One statement, none when no word is long enough.
   */
  private async closeNames(q: string): Promise<string[]> {
    const words = (q.normalize('NFKC').match(/\p{L}+/gu) ?? [])
      .filter((word) => word.length >= CLOSE_NAME.minLength)
      .slice(0, CLOSE_NAME.maxWords);
    if (words.length === 0) {
      return [];
    }
    const rows = await this.preparedRead<{ word: string }>(
      'search_close_names',
      `SELECT DISTINCT s.word
         FROM unnest($1::text[]) AS q (w)
         CROSS JOIN LATERAL (SELECT lower(unaccent(q.w)) AS key) k
         CROSS JOIN LATERAL (
           SELECT b.word FROM (
             SELECT e.*, min(e.edits) OVER () AS fewest FROM (
               SELECT sn.word, similarity(sn.word, k.key) AS similarity,
                      levenshtein(sn.word, k.key)
                        - CASE WHEN search_sorted_letters(sn.word) = search_sorted_letters(k.key) THEN 1 ELSE 0 END
                        AS edits
                 FROM search_names sn
                WHERE sn.word % k.key AND similarity(sn.word, k.key) >= $2) e
              WHERE e.edits <= CASE WHEN char_length(k.key) >= $3 THEN 2 ELSE 1 END) b
            WHERE b.edits = b.fewest
            ORDER BY b.similarity DESC, b.word
            LIMIT $4) s
        WHERE NOT EXISTS (SELECT 1 FROM search_names x WHERE x.word = k.key)`,
      [words, CLOSE_NAME.similarity, CLOSE_NAME.twoEditsFrom, CLOSE_NAME.perWord],
    );
    return rows.map((row) => row.word);
  }

  /**
   * Close spellings, from the vocabulary of post titles, of each query word that no title uses as
   * it is, by the word's position. One statement, none when no word is long enough.
   */
  private async closeSpellings(words: readonly string[]): Promise<Map<number, string[]>> {
    const close = new Map<number, string[]>();
    if (!words.some((word) => word.length >= CLOSE_SPELLING.minLength)) {
      return close;
    }
    const rows = await this.query<{ ord: number; word: string }>(
      `SELECT q.ord::int - 1 AS ord, s.word
         FROM unnest($1::text[]) WITH ORDINALITY AS q (w, ord)
         CROSS JOIN LATERAL (SELECT lower(unaccent(q.w)) AS key) k
         CROSS JOIN LATERAL (
           SELECT sw.word FROM search_words sw
            WHERE sw.word % k.key AND similarity(sw.word, k.key) >= $2
            ORDER BY similarity(sw.word, k.key) DESC, sw.word
            LIMIT $3) s
        WHERE char_length(q.w) >= $4
          AND NOT EXISTS (SELECT 1 FROM search_words e WHERE e.word = k.key)`,
      [words, CLOSE_SPELLING.similarity, CLOSE_SPELLING.perWord, CLOSE_SPELLING.minLength],
    );
    for (const row of rows) {
      close.set(row.ord, [...(close.get(row.ord) ?? []), row.word]);
    }
    return close;
  }

  private filterSql(kind: PostKind, filters: PostSearchFilters, values: Values): string[] {
    const where: string[] = [];
    if (filters.budget !== undefined) {
      where.push(`d.budget = ${values.add(filters.budget, 'text')}`);
    }
    if (filters.categorySlug !== undefined) {
      where.push(`d.category_slugs @> ARRAY[${values.add(filters.categorySlug, 'text')}]`);
    }
    // Mood, time and specificity describe activities; a date has none of them.
    if (kind === 'activity') {
      if (filters.moods !== undefined) {
        where.push(`d.mood = ANY (${values.add(filters.moods, 'text[]')})`);
      }
      if (filters.times !== undefined) {
        where.push(`d.time_required = ANY (${values.add(filters.times, 'text[]')})`);
      }
      if (filters.siteSpecific !== undefined) {
        where.push(`d.site_specific = ${values.add(filters.siteSpecific, 'boolean')}`);
      }
    }
    return where;
  }

  /** A float8 score over candidate `c` (index row), post `x` and author `p`. */
  private scoreSql(sort: Exclude<PostSearchSort, 'newest'>, q: string | null, tsq: string | null): string {
    switch (sort) {
      case 'relevance': {
        if (q === null) {
          return '0::float8';
        }
        const rank = tsq === null ? '0' : `ts_rank_cd(c.document, ${tsq}, 32)::float8`;
        return `${rank}
          + CASE WHEN lower(c.title) LIKE ${containsPattern(`lower(${q})`)} THEN 1 ELSE 0 END
          + word_similarity(lower(${q}), lower(c.title))::float8`;
      }
      case 'popular':
        return `(x.like_count + 2 * x.comment_count + 3 * c.save_count)::float8`;
      case 'rated':
        return `(x.like_count + ${RATED_PRIOR.likes})::float8
          / (p.follower_count + x.like_count + ${RATED_PRIOR.reach})`;
    }
  }

  /**
   * Every match, newest first by (created_at, id), in two steps: the newest matches from the index
   * alone, then the live check of only those. Joining the live rows in the first step made the
   * planner walk the whole (kind, created_at) index for a rare word (0.35–0.7 s at a million posts)
   * instead of a bitmap of its few matches (5 ms). The first step takes more rows than the page
   * needs, so a row the live check drops (an index a moment behind) does not end the list early.
   */
  private newestPageSql(
    kind: PostKind,
    where: string[],
    after: SearchPosition | undefined,
    values: Values,
  ): string {
    if (after) {
      const at = `(timestamptz 'epoch' + ${values.add(after.key, 'bigint')} * interval '1 microsecond')`;
      where.push(
        `d.created_at <= ${at} AND (d.created_at, d.entity_id::bigint) < (${at}, ${values.add(after.id, 'bigint')})`,
      );
    }
    // MATERIALIZED: planned on its own, the first step weighs a walk against a bitmap for its own
    // LIMIT; inlined, the page's LIMIT made every walk look cheap.
    return `candidates AS MATERIALIZED (
        SELECT d.entity_id, d.created_at
          FROM search_documents d
         WHERE ${where.join(' AND ')}
         ORDER BY d.created_at DESC, d.entity_id::bigint DESC
         LIMIT 2 * $2 + ${NEWEST_SPARE_ROWS}),
      page AS (
        SELECT x.id, ${createdAtMicrosSql('c')} AS sort_key,
               row_number() OVER (ORDER BY c.created_at DESC, x.id DESC) AS ord
          FROM candidates c ${liveJoinSql(kind, 'c.entity_id::bigint')}
         WHERE ${liveVisibleSql(kind)}
         ORDER BY c.created_at DESC, x.id DESC
         LIMIT $2)`;
  }

  /** The newest SEARCH_CANDIDATES matches, checked live, scored, and a page of them by (score, id). */
  private rankedPageSql(
    kind: PostKind,
    where: string[],
    score: string,
    after: SearchPosition | undefined,
    values: Values,
  ): string {
    const keyset = after
      ? `WHERE (s.score, s.id) < (${values.add(after.key, 'float8')}, ${values.add(after.id, 'bigint')})`
      : '';
    return `candidates AS (
        SELECT d.entity_id, d.title, d.document, d.save_count
          FROM search_documents d
         WHERE ${where.join(' AND ')}
         ORDER BY d.created_at DESC
         LIMIT ${SEARCH_CANDIDATES}),
      scored AS (
        SELECT x.id, (${score}) AS score
          FROM candidates c ${liveJoinSql(kind, 'c.entity_id::bigint')}
         WHERE ${liveVisibleSql(kind)}),
      page AS (
        SELECT s.id, s.score::text AS sort_key, row_number() OVER (ORDER BY s.score DESC, s.id DESC) AS ord
          FROM scored s ${keyset}
         ORDER BY s.score DESC, s.id DESC
         LIMIT $2)`;
  }
}
