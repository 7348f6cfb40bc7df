import { useState } from 'react';

interface FieldErrors<F extends string> {
  fieldErrors: Partial<Record<F, string>>;
  clearField: (field: F) => void;
}

/**
 * A form's text values and, per field, the props a text field takes (name, value, error, onChange);
 * editing a field clears its error (see useFormErrors). `reset` brings back the initial values.
 */
export function useFieldValues<TValues extends Record<string, string>>(
  initial: TValues,
  errors: FieldErrors<keyof TValues & string>,
) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof TValues & string) => ({
    name,
    value: values[name],
    error: errors.fieldErrors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      errors.clearField(name);
    },
  });
  const reset = () => setValues(initial);
  return { values, field, reset };
}
