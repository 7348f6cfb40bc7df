import { CameraIcon } from '@/ui/icons/action-icons';
import './carousel.css';

/** What a card shows for a post with no photos or videos (spec section 2, Feed and cards). */
export function PlaceholderPhoto() {
  return (
    <div className="media-item media-item--placeholder" role="img" aria-label="No photo">
      <CameraIcon size={32} />
    </div>
  );
}
