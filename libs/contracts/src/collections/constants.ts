/* The rules of collections and saves that the spec leaves unnumbered or unworded. */

/** The name of the default collection every member starts with (spec section 3). */
export const DEFAULT_COLLECTION_NAME = 'Saved';

export const COLLECTION_LIMITS = {
  /** Long enough for any title a person types, short enough for a card and a URL. */
  name: 60,
  /** The most collections one list answer carries; the pages show far fewer. */
  list: 200,
  /** The most collections one add-to-collection change may add, and the most it may remove. */
  choice: 200,
  /**
   * The most collections a member may have, the default included: a product choice (the spec sets
   * none), below `list`, so one list answer always carries every collection of a member.
   */
  perMember: 100,
  /**
   * A collection's count stops at this many items (shown as '1,000+ posts'), so a list of
   * collections never counts a member's every save.
   */
  countedItems: 1000,
} as const;

/** Texts of the collection rules that the spec leaves unworded. */
export const collectionMessages = {
  nameTooLong: `Collection names must be ${COLLECTION_LIMITS.name} characters or less.`,
  tooManyChosen: `Choose at most ${COLLECTION_LIMITS.choice} collections.`,
  tooMany: `You can have up to ${COLLECTION_LIMITS.perMember} collections. Delete one to make another.`,
  addedAndRemoved: 'A collection cannot be both added and removed.',
  /** The confirmation after the add-to-collection dialog saves: the collections now holding the post. */
  savedTo: ([first, second, ...rest]: readonly string[]) =>
    first === undefined
      ? 'Removed from your collections'
      : second === undefined
        ? `Saved to ${first}`
        : rest.length === 0
          ? `Saved to ${first} and ${second}`
          : `Saved to ${first}, ${second} and ${rest.length} more`,
} as const;
