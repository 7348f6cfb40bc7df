import { Entity, PrimaryColumn } from 'typeorm';

/**
 * The vocabulary of post titles (lowercased, accents removed, 3–40 characters), kept by triggers on
 * search_documents (migration SearchIndexes): a misspelled query word finds its close spellings here.
 */
@Entity({ name: 'search_words' })
export class SearchWordEntity {
  @PrimaryColumn({ type: 'text' })
  word!: string;
}
