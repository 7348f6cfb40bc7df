import { useRef } from 'react';
import { Button } from '@/ui/actions/button';
import { PlaceholderPhoto } from '@/ui/media/carousel/placeholder-photo';
import { coverProblem } from '../upload-cover';
import '../collections.css';

interface CoverPhotoPickerProps {
  /** The cover the collection shows now (its own or its newest item's), if any. */
  currentUrl: string | null;
  /** The object URL of a photo picked but not yet saved. */
  pickedUrl: string | undefined;
  onPick: (photo: File) => void;
  /** A file that cannot be a cover was picked; the text says why. */
  onRefuse: (message: string) => void;
}

/**
 * The edit dialog's cover photo: a preview of the picked photo (else the current cover) and a button
 * opening the file picker, which offers images only; anything else that gets through is refused
 * with the api's own rule before a byte is sent.
 */
export function CoverPhotoPicker({ currentUrl, pickedUrl, onPick, onRefuse }: CoverPhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const previewUrl = pickedUrl ?? currentUrl;

  const choose = (file: File | undefined) => {
    if (!file) {
      return;
    }
    const problem = coverProblem(file);
    if (problem) {
      onRefuse(problem);
      return;
    }
    onPick(file);
  };

  return (
    <div className="cover-picker">
      <span className="cover-picker__preview">
        {previewUrl ? (
          <img src={previewUrl} alt={pickedUrl ? 'New cover photo' : 'Cover photo'} />
        ) : (
          <PlaceholderPhoto />
        )}
      </span>
      <Button variant="secondary" onClick={() => input.current?.click()}>
        {pickedUrl ? 'Choose another photo' : 'Choose a cover photo'}
      </Button>
      {/* Opened by the button: a styled button is easier to reach and read than the native picker. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        aria-label="Cover photo file"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
