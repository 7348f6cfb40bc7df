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

/** The full-size media viewer (spec section 2, Modals): the post's photos at their largest, videos playing. */
export function MediaViewer({ items, title, startAt = 0, onClose }: MediaViewerProps) {
  return (
    <Dialog title={title} size="wide" onClose={onClose}>
      <div className="media-viewer">
        <Carousel items={items} title={title} shape="square" playable startAt={startAt} sizes="100vw" />
      </div>
    </Dialog>
  );
}
