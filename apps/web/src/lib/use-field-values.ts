import { useState } from 'react';

interface FieldErrors<F extends string> {
  fieldErrors: Partial<Record<F, string>>;
  clearField: (field: F) => void;
}

/**
 * A form's text values and, per field, the props a text field takes (name, value, error, onChange);
 * editing a field clears its error (see useFormErrors).
 */
export function useFieldValues<F extends string>(initial: Record<F, string>, errors: FieldErrors<F>) {
  const [values, setValues] = useState(initial);
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors.fieldErrors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      errors.clearField(name);
    },
  });
  return { values, field };
}
