export { explorePages } from './pages';
export { useLiveCreatorFollows } from './hooks/use-live-creator-follows';
