import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { POST_LIMITS, postMessages, uploadProblem, type PostKind } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { CameraIcon } from '@/ui/icons/action-icons';
import { AlertIcon } from '@/ui/icons/icons';
import { moveMedia, type DraftMedia } from '../draft/post-draft';
import { MediaTile, type MoveDirection } from './media-tile';

interface MediaPickerProps {
  kind: PostKind;
  media: readonly DraftMedia[];
  onChange: (media: DraftMedia[]) => void;
  error?: string | undefined;
}

/** A move made with a tile's buttons: focus follows the item to its new place. */
interface ButtonMove {
  id: string;
  to: number;
  direction: MoveDirection;
}

/**
 * Photos and videos for the post: picked (images and videos only, checked like the api checks them,
 * and no more than a post may carry), then sorted by dragging with mouse, touch or pen, or with the
 * move buttons. The first photo is the cover (spec section 2, Create flow). Each move is announced;
 * after a move by button, focus stays on the moved item's buttons, not on the page.
 */
export function MediaPicker({ kind, media, onChange, error }: MediaPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const drag = useRef<{ pointerId: number; index: number; from: number } | null>(null);
  const [problem, setProblem] = useState<string>();
  // A ref: the move is followed once the list shows it, which is a render later than the click.
  const moved = useRef<ButtonMove | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();
  const errorId = useId();
  const coverId = media.find((item) => item.type === 'photo')?.id;

  const pick = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    const problems = picked.map((file) => uploadProblem({ kind, contentType: file.type, size: file.size }));
    const usable = picked.filter((_, index) => !problems[index]);
    const accepted = usable
      .slice(0, Math.max(POST_LIMITS.media - media.length, 0))
      .map<DraftMedia>((file) => ({
        id: crypto.randomUUID(),
        type: file.type.startsWith('video/') ? 'video' : 'photo',
        fileName: file.name,
        file,
        cropped: null,
      }));
    setProblem(
      problems.find(Boolean)?.message ??
        (accepted.length < usable.length ? postMessages.tooManyMedia : undefined),
    );
    if (accepted.length > 0) {
      onChange([...media, ...accepted]);
    }
  };

  useEffect(() => {
    // Once the list shows the move: the tile's node may have been moved, which drops its focus.
    const move = moved.current;
    if (!move || media[move.to]?.id !== move.id) {
      return;
    }
    moved.current = null;
    const tile = listRef.current?.querySelector(`[data-media-id="${move.id}"]`);
    const same = tile?.querySelector<HTMLButtonElement>(`[data-move="${move.direction}"]:not(:disabled)`);
    // At either end the button just used is disabled: the other one moves it back.
    (same ?? tile?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  }, [media]);

  const announceMove = (next: readonly DraftMedia[], to: number) => {
    const item = next[to];
    if (!item) {
      return;
    }
    const cover = next.find((other) => other.type === 'photo')?.id === item.id;
    setAnnouncement(
      `${item.type === 'photo' ? 'Photo' : 'Video'} moved to position ${to + 1} of ${next.length}.` +
        (cover ? ' It is the cover now.' : ''),
    );
  };

  const moveByButton = (index: number, direction: MoveDirection) => {
    const to = direction === 'earlier' ? index - 1 : index + 1;
    const item = media[index];
    if (!item) {
      return;
    }
    const next = moveMedia(media, index, to);
    onChange(next);
    announceMove(next, to);
    moved.current = { id: item.id, to, direction };
  };

  const startDrag = (index: number) => (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) {
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, index, from: index };
  };
  const moveDrag = (event: PointerEvent<HTMLOListElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) {
      return;
    }
    // The tile under the pointer takes the dragged item's place as it passes over.
    const over = document
      .elementFromPoint(event.clientX, event.clientY)
      ?.closest<HTMLElement>('[data-media-index]');
    const to = over ? Number(over.dataset.mediaIndex) : current.index;
    if (to !== current.index) {
      onChange(moveMedia(media, current.index, to));
      drag.current = { ...current, index: to };
    }
  };
  const endDrag = () => {
    const ended = drag.current;
    drag.current = null;
    if (ended && ended.index !== ended.from) {
      announceMove(media, ended.index);
    }
  };

  return (
    <section
      className="media-picker"
      aria-labelledby={headingId}
      aria-describedby={(problem ?? error) ? errorId : undefined}
    >
      <h2 id={headingId} className="create-form__heading">
        Photos and videos
      </h2>
      <p className="field__hint">Drag to reorder. The first photo is the cover.</p>
      {media.length > 0 && (
        <ol
          ref={listRef}
          className="media-picker__list"
          aria-label="Chosen photos and videos"
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          {media.map((item, index) => (
            <MediaTile
              key={item.id}
              item={item}
              index={index}
              count={media.length}
              isCover={item.id === coverId}
              onMove={(direction) => moveByButton(index, direction)}
              onRemove={() => {
                setProblem(undefined);
                onChange(media.filter((other) => other.id !== item.id));
              }}
              onPointerDown={startDrag(index)}
            />
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept="image/*,video/*"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          pick(event.target.files);
          event.target.value = '';
        }}
      />
      <Button variant="secondary" onClick={() => inputRef.current?.click()}>
        <CameraIcon size={18} />
        Add photos or videos
      </Button>
      {(problem ?? error) && (
        <p id={errorId} className="field__error" role="alert">
          <AlertIcon size={16} />
          {problem ?? error}
        </p>
      )}
    </section>
  );
}
