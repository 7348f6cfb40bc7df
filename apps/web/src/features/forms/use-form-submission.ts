import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { isApiError, type ApiError } from '@/lib/api-error';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';

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
 * failure; invalid fields get their message and the first one gets focus; any other failure is a
 * toast; success shows the spec's text, clears the form and calls onSuccess.
 */
export function useFormSubmission<TValues extends Record<string, string>>({
  initialValues,
  submit,
  successMessage,
  failureMessage,
  onSuccess,
}: FormSubmissionOptions<TValues>) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement | null>(null);
  const fieldNames = Object.keys(initialValues) as (keyof TValues & string)[];
  const errors = useFormErrors(fieldNames, formRef);
  const { values, field, reset } = useFieldValues(initialValues, errors);

  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: () => {
      toast.success(successMessage);
      reset();
      errors.clear();
      onSuccess();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        toast.error(messages.errors.unexpected);
        return;
      }
      const fieldErrors = fieldErrorsOf(error, fieldNames);
      if (Object.keys(fieldErrors).length > 0) {
        errors.showFields(fieldErrors);
        return;
      }
      toast.error(failureMessage(error));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialogs render the form; the first invalid field is looked up in the one submitted.
    formRef.current = event.currentTarget;
    if (!mutation.isPending) {
      mutation.mutate(values);
    }
  };

  return { field, handleSubmit, pending: mutation.isPending };
}
