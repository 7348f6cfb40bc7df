import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { trapTabKey, useModal } from './use-modal';
import './dialog.css';

interface DialogProps {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog, open while mounted: focus starts on its first control, stays inside it, Escape or
 * a click on the backdrop closes it, and focus goes back to the control that opened it.
 */
export function Dialog({ title, description, onClose, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useModal(layerRef, bodyRef);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && panelRef.current) {
      trapTabKey(event, panelRef.current);
    }
  };

  return createPortal(
    <div
      ref={layerRef}
      className="dialog-layer"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) {
          onClose();
        }
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="dialog"
        onKeyDown={handleKeyDown}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <IconButton label="Close" icon={<CloseIcon size={20} />} onClick={onClose} />
        </div>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        <div ref={bodyRef} className="dialog__body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
