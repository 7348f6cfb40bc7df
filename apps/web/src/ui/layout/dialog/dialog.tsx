import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '@/lib/class-names';
import { IconButton } from '@/ui/actions/icon-button';
import { CloseIcon } from '@/ui/icons/icons';
import { useModal } from './use-modal';
import './dialog.css';

interface DialogProps {
  title: string;
  description?: string;
  /**
   * `wide` gives content with two columns (a post's photo beside its details) room on large screens;
   * `media` is the full-size viewer's, styled by it (the whole screen on a phone).
   */
  size?: 'narrow' | 'wide' | 'media';
  onClose: () => void;
  children: ReactNode;
}

/**
 * The one modal dialog of the app, open while mounted: a bottom sheet as wide as a phone, a centred
 * card from tablet width up. Focus starts on its first control, stays inside it, Escape, the Close
 * button or a click on the backdrop close it, and focus goes back to the control that opened it. The
 * title and Close stay in view while a long body scrolls.
 */
export function Dialog({ title, description, size = 'narrow', onClose, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useModal({ layer, panel, initialFocusWithin: body }, onClose);

  return createPortal(
    <div
      ref={layer}
      className="dialog-layer"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) {
          onClose();
        }
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={classNames('dialog', `dialog--${size}`)}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <IconButton label="Close" icon={<CloseIcon size={20} />} onClick={onClose} />
          {description && (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          )}
        </div>
        <div ref={body} className="dialog__body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
