/* The rules of collections and saves that the spec leaves unnumbered or unworded. */

/** The name of the default collection every member starts with (spec section 3). */
export const DEFAULT_COLLECTION_NAME = 'Saved';

export const COLLECTION_LIMITS = {
  /** Long enough for any title a person types, short enough for a card and a URL. */
  name: 60,
  /** The most collections one list answer carries; the pages show far fewer. */
  list: 200,
  /** The most collections one add-to-collection choice may name. */
  choice: 200,
} as const;

/** Texts of the collection rules that the spec leaves unworded. */
export const collectionMessages = {
  nameTooLong: `Collection names must be ${COLLECTION_LIMITS.name} characters or less.`,
  tooManyChosen: `Choose at most ${COLLECTION_LIMITS.choice} collections.`,
} as const;
