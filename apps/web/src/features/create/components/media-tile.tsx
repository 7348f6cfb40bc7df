import type { PointerEvent } from 'react';
import { IconButton } from '@/ui/actions/icon-button';
import { CloseIcon } from '@/ui/icons/icons';
import type { DraftMedia } from '../draft/post-draft';
import { draftMediaUrl } from '../draft/media-urls';

export type MoveDirection = 'earlier' | 'later';

interface MediaTileProps {
  item: DraftMedia;
  index: number;
  count: number;
  isCover: boolean;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
  onPointerDown: (event: PointerEvent<HTMLLIElement>) => void;
}

/** One picked photo or video in the sortable strip; buttons move it for keyboard users. */
export function MediaTile({ item, index, count, isCover, onMove, onRemove, onPointerDown }: MediaTileProps) {
  const url = draftMediaUrl(item.cropped ?? item.file);
  const name = `${item.type === 'photo' ? 'Photo' : 'Video'} ${index + 1}`;
  return (
    <li
      className="media-tile"
      data-media-index={index}
      data-media-id={item.id}
      onPointerDown={onPointerDown}
      aria-label={name}
    >
      {item.type === 'photo' ? (
        <img className="media-tile__preview" src={url} alt="" draggable={false} />
      ) : (
        <video className="media-tile__preview" src={url} muted aria-hidden="true" />
      )}
      {isCover && <span className="media-tile__badge">Cover</span>}
      <div className="media-tile__controls">
        <IconButton
          label={`Move ${name} earlier`}
          icon={<span aria-hidden="true">‹</span>}
          data-move="earlier"
          disabled={index === 0}
          onClick={() => onMove('earlier')}
        />
        <IconButton label={`Remove ${name}`} icon={<CloseIcon size={16} />} onClick={onRemove} />
        <IconButton
          label={`Move ${name} later`}
          icon={<span aria-hidden="true">›</span>}
          data-move="later"
          disabled={index === count - 1}
          onClick={() => onMove('later')}
        />
      </div>
    </li>
  );
}
