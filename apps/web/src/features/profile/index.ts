/** What other features use of profiles: the summary blocks, the own profile, follows, live updates. */
export { fetchFollowList, unfollow } from './api';
export { CountText, FollowCounts, followingLabel } from './components/follow-counts';
export { ProfileDetails } from './components/profile-details';
export { FOLLOW_STATUS_LABELS, followStatusOf, pressFollows, type FollowStatus } from './follow-state';
export { ProfileSummary } from './components/profile-summary';
export { useLiveFollowUpdates } from './hooks/use-live-follow-updates';
export { useLiveProfileUpdates } from './hooks/use-live-profile-updates';
export { ownProfileQuery, useOwnProfile } from './hooks/use-own-profile';
export { profileKeys, type FollowDirection } from './query-keys';
export { profilePages } from './pages';
