import { useId, type ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import { AlertIcon } from '@/ui/icons/icons';
import './field.css';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldOptions {
  label: string;
  /** Shown under the control and announced with it; its presence marks the control invalid. */
  error?: string | undefined;
  hint?: string;
  /** Says "(optional)" in the label; required is the default for our forms. */
  optional?: boolean;
}

/** Label, hint, control and error text, wired together for assistive technology. */
export function Field({
  label,
  error,
  hint,
  optional = false,
  id,
  children,
}: FieldOptions & { id?: string | undefined; children: (control: FieldControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={classNames('field', error && 'field--invalid')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="field__error">
          <AlertIcon size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
