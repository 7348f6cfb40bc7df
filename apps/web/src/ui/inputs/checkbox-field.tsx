import { useId, type ComponentProps } from 'react';
import { classNames } from '@/lib/class-names';
import './checkbox-field.css';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'role'> & {
  label: string;
  hint?: string;
  /** On/off settings read as a switch; choices in a form as a checkbox. */
  variant?: 'checkbox' | 'switch';
};

export function CheckboxField({
  label,
  hint,
  variant = 'checkbox',
  id,
  className,
  ...inputProps
}: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={classNames('checkbox-field', `checkbox-field--${variant}`, className)}>
      <input
        id={inputId}
        type="checkbox"
        role={variant === 'switch' ? 'switch' : undefined}
        className="checkbox-field__control"
        aria-describedby={hintId}
        {...inputProps}
      />
      <label htmlFor={inputId} className="checkbox-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="checkbox-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
