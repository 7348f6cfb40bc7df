import type { PostMediaItem } from '@datebook/contracts';
import { Carousel } from '@/ui/media/carousel/carousel';
import { draftMediaUrl } from '../draft/media-urls';
import type { DraftMedia } from '../draft/post-draft';

/**
 * The post's photos and videos as they will be published: in the carousel a published post shows,
 * square, in order, the cover first. A photo shows its crop, or a square of its middle when the crop
 * was skipped, as the cards will.
 */
export function PreviewMedia({ media, title }: { media: readonly DraftMedia[]; title: string }) {
  return (
    <div className="preview-media">
      <Carousel items={draftMediaItems(media)} title={title} shape="square" playable />
    </div>
  );
}

/** The draft's photos and videos as a published post's media list, for the carousel and the card. */
export function draftMediaItems(media: readonly DraftMedia[]): PostMediaItem[] {
  return media.map(asCarouselItem);
}

function asCarouselItem(item: DraftMedia, position: number): PostMediaItem {
  return {
    id: item.id,
    type: item.type,
    status: 'ready',
    position,
    url: draftMediaUrl(item.cropped ?? item.file),
    posterUrl: null,
    sources: [],
    placeholder: null,
    thumbhash: null,
    width: null,
    height: null,
    durationMs: null,
    message: null,
  };
}
