/* The two kinds of post, their limits and the texts of their rules. */

export const POST_KINDS = ['activity', 'date'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const POST_LIMITS = {
  media: 10,
  tags: 20,
  equipment: 30,
  chip: 40,
  location: 200,
  description: 5000,
  connectedActivities: 20,
  comment: 2000,
} as const;
export const POST_LIST_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;
/** Widths of a post photo's renditions, in each of `POST_IMAGE_TYPES`; the largest is the full viewer's. */
export const POST_IMAGE_WIDTHS = [320, 640, 1080] as const;
export const POST_IMAGE_MAIN_WIDTH: (typeof POST_IMAGE_WIDTHS)[number] = 1080;

/** Texts of the post rules that the spec leaves unworded. */
export const postMessages = {
  notFound: 'This post could not be found.',
  uploadUnusable: 'One of the photos or videos cannot be used. Please add it again.',
  duplicateUpload: 'The same photo or video was added twice.',
  tooManyMedia: `A post can have at most ${POST_LIMITS.media} photos or videos.`,
  connectedActivityNotFound: 'One of the connected activities could not be found.',
  descriptionTooLong: `Description must be ${POST_LIMITS.description} characters or less`,
  locationTooLong: `Location must be ${POST_LIMITS.location} characters or less`,
  chipTooLong: `Tags and items must be ${POST_LIMITS.chip} characters or less`,
  tooManyTags: `A post can have at most ${POST_LIMITS.tags} tags.`,
  tooManyEquipment: `A post can list at most ${POST_LIMITS.equipment} items.`,
  commentRequired: 'Write a comment first.',
  commentTooLong: `Comments must be ${POST_LIMITS.comment} characters or less`,
  commentsClosed: 'Comments are turned off for this post.',
  commentNotFound: 'This comment could not be found.',
  invalidCursor: 'This list has changed. Please reload it.',
  invalidDate: 'Choose a valid date.',
  videoUnreadable: 'This video could not be read. Please choose another file.',
} as const;
