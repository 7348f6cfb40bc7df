import { defineEndpoint } from '../endpoint';
import { feedPageSchema } from './read-models';
import { feedQuerySchema } from './requests';

/* The home feed's two tabs; members only (a visitor gets 401). */

export const feedEndpoints = {
  following: defineEndpoint({
    method: 'GET',
    path: '/feed/following',
    tag: 'feed',
    summary: 'Posts of the people you follow that you may see, newest first.',
    query: feedQuerySchema,
    response: feedPageSchema,
  }),
  forYou: defineEndpoint({
    method: 'GET',
    path: '/feed/for-you',
    tag: 'feed',
    summary:
      "Others' posts you may see, ranked by engagement with a time decay and lifted by your follows and tastes; pages stay stable while you scroll.",
    query: feedQuerySchema,
    response: feedPageSchema,
  }),
};
