import { useCallback, useEffect, useState, type RefObject } from 'react';
import { messages } from '@datebook/contracts';
import { errorMessageOf, fieldErrorsOf } from './field-errors';

/**
 * The errors a form shows after a failed submit: validation issues under `fields` (the first invalid
 * one gets focus), anything else as one message for the whole form. Editing a field clears its error.
 */
export function useFormErrors<F extends string>(
  fields: readonly F[],
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [focusRequest, formRef]);

  const show = useCallback(
    (error: unknown) => {
      const errors = fieldErrorsOf(error, fields);
      if (Object.keys(errors).length > 0) {
        setFieldErrors(errors);
        setFormError(undefined);
        setFocusRequest((count) => count + 1);
      } else {
        setFieldErrors({});
        setFormError(errorMessageOf(error, messages.errors.unexpected));
      }
    },
    [fields],
  );

  /** Shows messages under fields, for checks the form makes itself or failures it maps itself. */
  const showFields = useCallback((errors: Partial<Record<F, string>>) => {
    setFieldErrors(errors);
    setFormError(undefined);
    setFocusRequest((count) => count + 1);
  }, []);

  const clearField = useCallback((field: F) => {
    setFieldErrors((current) =>
      current[field] === undefined ? current : { ...current, [field]: undefined },
    );
  }, []);

  const clear = useCallback(() => {
    setFieldErrors({});
    setFormError(undefined);
  }, []);

  return { fieldErrors, formError, show, showFields, clearField, clear };
}
