import type { PostMediaItem } from '@datebook/contracts';
import { Carousel } from './carousel/carousel';
import { Dialog } from '@/ui/layout/dialog/dialog';
import './media-viewer.css';

interface MediaViewerProps {
  items: readonly PostMediaItem[];
  title: string;
  /** The item clicked, shown first. */
  startAt?: number;
  onClose: () => void;
}

/**
 * The full-size media viewer (spec section 2, Modals): the post's photos at their largest, fitted on
 * a neutral dark ground, videos playing. The whole screen on a phone, where a swipe moves between
 * photos and a double tap or a pinch zooms; a large centred panel on a desktop. Escape, focus and
 * Close are the app's dialog's.
 */
export function MediaViewer({ items, title, startAt = 0, onClose }: MediaViewerProps) {
  return (
    <Dialog title={title} size="media" onClose={onClose}>
      <div className="media-viewer">
        <Carousel
          items={items}
          title={title}
          shape="fill"
          playable
          zoomable
          startAt={startAt}
          sizes="100vw"
        />
      </div>
    </Dialog>
  );
}
