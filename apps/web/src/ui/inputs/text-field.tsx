import type { ComponentProps } from 'react';
import { Field, type FieldOptions } from './field';

export type TextFieldProps = FieldOptions &
  Omit<ComponentProps<'input'>, 'aria-invalid' | 'aria-describedby'>;

export function TextField({ label, error, hint, optional, id, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} id={id}>
      {(control) => (
        <input className="field__control" aria-required={!optional} {...control} {...inputProps} />
      )}
    </Field>
  );
}
