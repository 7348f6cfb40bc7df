import type { ComponentProps } from 'react';
import { Field, type FieldOptions } from './field';

type SelectFieldProps = FieldOptions &
  Omit<ComponentProps<'select'>, 'aria-invalid' | 'aria-describedby' | 'children'> & {
    options: readonly string[];
    /** A first option worth '', shown while nothing is chosen, so the select never looks blank. */
    placeholder?: string;
  };

/** A native select: the platform's picker is the most accessible one on every device. */
export function SelectField({
  label,
  error,
  hint,
  optional,
  id,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} id={id}>
      {(control) => (
        <select className="field__control field__control--select" {...control} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
