import { createContext, useContext, type ReactNode } from 'react';
import { CameraIcon } from '@/ui/icons/action-icons';
import { CategoryIcon } from '@/ui/icons/category-icon';
import './carousel.css';
import './media-item.css';

/**
 * The category of the post whose media are drawn inside: a stand-in shows its icon. A context, not a
 * prop, because the carousel between the post and its items has no use for it.
 */
const MediaCategoryContext = createContext<string | null>(null);

export function MediaCategory({ slug, children }: { slug: string | null; children: ReactNode }) {
  return <MediaCategoryContext.Provider value={slug}>{children}</MediaCategoryContext.Provider>;
}

/** The picture a stand-in shows: the post's category's icon, or a camera for a post without one. */
export function StandInIcon({ size = 32 }: { size?: number }) {
  const slug = useContext(MediaCategoryContext);
  return slug ? <CategoryIcon slug={slug} size={size} /> : <CameraIcon size={size} />;
}

/**
 * What a card shows for a post with no photo it can show (spec section 2, Feed and cards): none at
 * all, or one whose file is gone. Its category's icon on the soft tint every stand-in shares.
 */
export function PlaceholderPhoto() {
  return (
    <div className="media-item media-item--placeholder" role="img" aria-label="No photo">
      <StandInIcon />
    </div>
  );
}
