import { useCallback, useId, useRef } from 'react';
import { Button } from '@/ui/actions/button';
import { IconButton } from '@/ui/actions/icon-button';
import { CameraIcon } from '@/ui/icons/action-icons';
import { AlertIcon, CloseIcon } from '@/ui/icons/icons';
import './field.css';
import './file-picker.css';

interface FilePickerProps {
  /** The button's words; also the hidden input's name, for tests and assistive tools alike. */
  label: string;
  accept?: string;
  multiple?: boolean;
  files: readonly File[];
  onChange: (files: File[]) => void;
  error?: string | undefined;
}

/**
 * Choosing files in the app's style: a real button opens the browser's picker (the bare file input
 * is unstyled and a tiny target on a phone), and the chosen files show as a list with a preview of
 * each image, its name and a button to take it out again. Keyboard and screen readers get a button
 * and a list; the hidden input is only the browser's door to the files.
 */
export function FilePicker({ label, accept, multiple = false, files, onChange, error }: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const errorId = useId();
  const describedBy = [files.length > 0 ? listId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="file-picker">
      <input
        ref={inputRef}
        type="file"
        hidden
        aria-label={label}
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Cleared, so picking the same file again after taking it out still reports a change.
          event.target.value = '';
          if (picked.length > 0) {
            onChange(multiple ? [...files, ...picked] : picked);
          }
        }}
      />
      <Button
        variant="secondary"
        className="file-picker__button"
        aria-describedby={describedBy || undefined}
        onClick={() => inputRef.current?.click()}
      >
        <CameraIcon size={18} aria-hidden="true" />
        {label}
      </Button>
      {files.length > 0 && (
        <ul id={listId} className="file-picker__list" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="file-picker__file">
              {file.type.startsWith('image/') ? (
                <FilePreview file={file} />
              ) : (
                <span className="file-picker__preview" aria-hidden="true" />
              )}
              <span className="file-picker__name">{file.name}</span>
              <IconButton
                label={`Remove ${file.name}`}
                icon={<CloseIcon size={18} />}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <AlertIcon size={16} aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}

/** A thumbnail of a chosen image, from an object URL that lives as long as the thumbnail. */
function FilePreview({ file }: { file: File }) {
  const showFile = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) {
        return;
      }
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={showFile} className="file-picker__preview" alt="" />;
}
