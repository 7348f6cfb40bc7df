/* The spec's Search texts (sections 2 and 4) that contracts' messages do not hold, verbatim. */
export const searchTexts = {
  placeholder: 'Search activities, dates, or profiles...',
  search: 'Search',
  filters: 'Filters',
  applyFilters: 'Apply Filters',
  resetAll: 'Reset All',
  loadMore: 'Load More Results',
  viewProfile: 'View Profile',
  viewAccount: 'View Account',
  tabs: {
    all: 'All Results',
    activities: 'Activities',
    dates: 'Dates',
    users: 'Users',
  },
  /** Ours: the spec leaves a failed search silent; a retry is the polite way out of it. */
  retry: 'Try again',
  recentPosts: 'Recent posts',
} as const;
