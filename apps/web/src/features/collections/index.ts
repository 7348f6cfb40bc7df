/**
 * What other features use of collections and saves: the save toggle for cards, the Save and 'Add to
 * collection' controls of a post's page and popup, what Your Lists and Saved Posts show, and the
 * live refresh of processed cover photos.
 */
export { CollectionGrid, CollectionSkeletons } from './components/collection-tile';
export { CreateCollectionDialog } from './components/create-collection-dialog';
export { PostSaveActions } from './components/post-save-actions';
export { SavedCardFeed } from './components/saved-card-feed';
export { useCollections } from './hooks/use-collections';
export { collectionKeys } from './query-keys';
export { useLiveCollectionCovers } from './hooks/use-live-collection-covers';
export { useSavedPosts } from './hooks/use-post-pages';
export { useSaveToggle } from './hooks/use-save-toggle';
export { OwnCollectionsRoute } from './own-collections-route';
export { collectionsPages } from './pages';
