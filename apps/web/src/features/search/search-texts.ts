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
  recentPosts: 'Recent posts',
  /** The spec's name for the mini profile card's tags (section 2, Modals). */
  frequentTags: 'Frequent Tags',
  /** Ours: the chips of the filters a search runs with, and what removing one says. */
  activeFilters: 'Active filters',
  removeFilter: (chip: string) => `Remove filter ${chip}`,
  /** Ours: a private member's tile holds this where others show their follower count. */
  privateProfile: 'Private profile',
} as const;
