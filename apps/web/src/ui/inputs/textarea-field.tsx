import type { ComponentProps } from 'react';
import { Field, type FieldOptions } from './field';

type TextAreaFieldProps = FieldOptions &
  Omit<ComponentProps<'textarea'>, 'aria-invalid' | 'aria-describedby'>;

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  id,
  rows = 4,
  ...textareaProps
}: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} id={id}>
      {(control) => (
        <textarea
          className="field__control field__control--multiline"
          rows={rows}
          aria-required={!optional}
          {...control}
          {...textareaProps}
        />
      )}
    </Field>
  );
}
