import type { DraftMedia } from '../draft/post-draft';
import { draftMediaUrl } from '../draft/media-urls';

/** The post's photos and videos as they will be published, in order, the cover first. */
export function PreviewMedia({ media, title }: { media: readonly DraftMedia[]; title: string }) {
  return (
    <ol className="preview-media" aria-label="Photos and videos">
      {media.map((item, index) => (
        <PreviewItem key={item.id} item={item} label={`${title}, ${index + 1} of ${media.length}`} />
      ))}
    </ol>
  );
}

function PreviewItem({ item, label }: { item: DraftMedia; label: string }) {
  const url = draftMediaUrl(item.cropped ?? item.file);
  return (
    <li className="preview-media__item">
      {item.type === 'photo' ? (
        <img src={url} alt={label} />
      ) : (
        <video src={url} controls aria-label={label} />
      )}
    </li>
  );
}
