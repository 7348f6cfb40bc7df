import { useId, useRef, useState, type PointerEvent } from 'react';
import { POST_LIMITS, postMessages, uploadProblem, type PostKind } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { CameraIcon } from '@/ui/icons/action-icons';
import { AlertIcon } from '@/ui/icons/icons';
import { moveMedia, type DraftMedia } from '../draft/post-draft';
import { MediaTile } from './media-tile';

interface MediaPickerProps {
  kind: PostKind;
  media: readonly DraftMedia[];
  onChange: (media: DraftMedia[]) => void;
  error?: string | undefined;
}

/**
 * Photos and videos for the post: picked (images and videos only, checked like the api checks them,
 * and no more than a post may carry), then sorted by dragging with mouse, touch or pen, or with the
 * move buttons. The first photo is the cover (spec section 2, Create flow).
 */
export function MediaPicker({ kind, media, onChange, error }: MediaPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const drag = useRef<{ pointerId: number; index: number } | null>(null);
  const [problem, setProblem] = useState<string>();
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

  const startDrag = (index: number) => (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) {
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, index };
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
    drag.current = null;
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
              onMove={(to) => onChange(moveMedia(media, index, to))}
              onRemove={() => {
                setProblem(undefined);
                onChange(media.filter((other) => other.id !== item.id));
              }}
              onPointerDown={startDrag(index)}
            />
          ))}
        </ol>
      )}
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
