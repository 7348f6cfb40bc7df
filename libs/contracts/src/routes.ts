/**
 * The web app's screens (spec section 2), each path spelled once: the router mounts these patterns and
 * `webRoutes` builds links from them. The worker needs some of them for links in e-mails.
 */
const fixedPaths = {
  home: '/',
  explore: '/explore',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  authConfirm: '/auth/confirm',
  search: '/search',
  notifications: '/notifications',
  saved: '/saved',
  savedPosts: '/saved/posts',
  savedShared: '/saved/shared',
  savedPlanned: '/saved/planned',
  plan: '/plan',
  planPreview: '/plan/preview',
  account: '/account',
  create: '/create',
  createCrop: '/create/crop',
  createPreview: '/create/preview',
  adminPostTests: '/admin/post-tests',
} as const;

/** Every screen's path pattern as the router matches it; `:name` is a parameter. */
export const webPaths = {
  ...fixedPaths,
  profile: '/profile/:username',
  activity: '/activity/:id',
  date: '/date/:id',
  collections: '/:username/collections',
  collection: '/:username/collections/:collectionName',
  sharedPlan: '/plan/shared/:username/:shareToken',
} as const;

/** The parameter names of a path pattern: `'/date/:id'` has `'id'`. */
export type PathParamName<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** `pattern` with each parameter replaced by its value, URL-encoded. */
export function pathTo<Pattern extends string>(
  pattern: Pattern,
  params: Record<PathParamName<Pattern>, string | number>,
): string {
  const values: Record<string, string | number> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** Links to the web app's screens. */
export const webRoutes = {
  ...fixedPaths,
  profile: (username: string) => pathTo(webPaths.profile, { username }),
  activity: (id: string | number) => pathTo(webPaths.activity, { id }),
  date: (id: string | number) => pathTo(webPaths.date, { id }),
  collections: (username: string) => pathTo(webPaths.collections, { username }),
  collection: (username: string, collectionName: string) =>
    pathTo(webPaths.collection, { username, collectionName }),
  sharedPlan: (username: string, shareToken: string) => pathTo(webPaths.sharedPlan, { username, shareToken }),
} as const;
