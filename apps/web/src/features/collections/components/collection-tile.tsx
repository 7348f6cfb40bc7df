import { Link } from 'react-router-dom';
import { webRoutes, type Collection } from '@datebook/contracts';
import { PlaceholderPhoto } from '@/ui/media/carousel/placeholder-photo';
import '../collections.css';
import { itemCountLabel } from '../item-count-label';

/**
 * A collection as the lists show it: its cover (or the placeholder), name and post count. While a
 * newly chosen cover is processed the tile says so; the live update brings the cover when ready.
 */
export function CollectionTile({ collection, username }: { collection: Collection; username: string }) {
  const count = itemCountLabel(collection);
  return (
    <Link className="collection-tile" to={webRoutes.collection(username, collection.name)}>
      <span className="collection-tile__cover" aria-hidden="true">
        {collection.coverUrl ? (
          <img src={collection.coverUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <PlaceholderPhoto />
        )}
      </span>
      {collection.coverProcessing && <span className="collection-tile__processing">Processing…</span>}
      <span className="collection-tile__name">{collection.name}</span>
      <span className="collection-tile__count">{count}</span>
    </Link>
  );
}

/** Collections as a responsive grid of tiles. */
export function CollectionGrid({
  collections,
  username,
  label,
}: {
  collections: readonly Collection[];
  username: string;
  label: string;
}) {
  return (
    <ul className="collection-grid" aria-label={label}>
      {collections.map((collection) => (
        <li key={collection.id}>
          <CollectionTile collection={collection} username={username} />
        </li>
      ))}
    </ul>
  );
}

/** Stand-ins shaped like tiles while the collections load (spec section 2, Your Lists: three). */
export function CollectionSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul className="collection-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="collection-skeleton" />
      ))}
    </ul>
  );
}
