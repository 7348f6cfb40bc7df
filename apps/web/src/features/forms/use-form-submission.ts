import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { isApiError, type ApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast/use-toast';

type FieldErrors<TValues> = Partial<Record<keyof TValues, string>>;

interface FormSubmissionOptions<TValues extends Record<string, string>> {
  initialValues: TValues;
  /** Sends the values; rejects with an ApiError, whose validation issues land on the fields. */
  submit: (values: TValues) => Promise<unknown>;
  successMessage: string;
  /** The spec's text for a failure that is not about one field. */
  failureMessage: (error: ApiError) => string;
  onSuccess: () => void;
}

/**
 * State and submission of one of the small public forms. What the user typed is kept on every
 * failure; invalid fields get their message and the first one gets focus; success shows the spec's
 * text, clears the form and calls onSuccess.
 */
export function useFormSubmission<TValues extends Record<string, string>>({
  initialValues,
  submit,
  successMessage,
  failureMessage,
  onSuccess,
}: FormSubmissionOptions<TValues>) {
  const toast = useToast();
  const formElement = useRef<HTMLFormElement | null>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TValues>>({});
  const [focusInvalid, setFocusInvalid] = useState(0);

  useEffect(() => {
    if (focusInvalid > 0) {
      formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [focusInvalid]);

  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: () => {
      toast.success(successMessage);
      setValues(initialValues);
      setErrors({});
      onSuccess();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        toast.error(messages.errors.unexpected);
        return;
      }
      const fieldErrors = toFieldErrors(error, Object.keys(initialValues));
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors as FieldErrors<TValues>);
        setFocusInvalid((count) => count + 1);
        return;
      }
      toast.error(failureMessage(error));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formElement.current = event.currentTarget;
    if (!mutation.isPending) {
      mutation.mutate(values);
    }
  };

  /** Props binding one control to a value; typing clears that field's error. */
  const field = (name: keyof TValues & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return { field, handleSubmit, pending: mutation.isPending };
}

/** The first message for each of the form's own fields; issues about anything else are not shown here. */
function toFieldErrors(error: ApiError, fieldNames: string[]): Record<string, string> {
  if (error.code !== 'VALIDATION_FAILED') {
    return {};
  }
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.split('.')[0] ?? '';
    if (fieldNames.includes(name) && !(name in fieldErrors)) {
      fieldErrors[name] = issue.message;
    }
  }
  return fieldErrors;
}
