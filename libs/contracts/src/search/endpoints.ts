import { defineEndpoint } from '../endpoint';
import { postSearchPageSchema, userSearchPageSchema } from './read-models';
import { postSearchQuerySchema, userSearchQuerySchema } from './requests';

/* Search (spec section 7, Search), open to visitors; what a viewer may not see never matches. */

export const searchEndpoints = {
  activities: defineEndpoint({
    method: 'GET',
    path: '/search/activities',
    tag: 'search',
    summary:
      'Activities whose title, tags or description match the words (stemmed, typo-tolerant), filtered and sorted; never your own, never hidden authors.',
    query: postSearchQuerySchema,
    response: postSearchPageSchema,
  }),
  dates: defineEndpoint({
    method: 'GET',
    path: '/search/dates',
    tag: 'search',
    summary:
      'Public dates whose title, tags or description match the words, filtered by budget and category, sorted.',
    query: postSearchQuerySchema,
    response: postSearchPageSchema,
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/search/users',
    tag: 'search',
    summary:
      'Members whose username or display name matches (typo-tolerant), with follower counts; never yourself, never admins.',
    query: userSearchQuerySchema,
    response: userSearchPageSchema,
  }),
};
