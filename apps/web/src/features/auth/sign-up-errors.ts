import { messages } from '@datebook/contracts';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOf } from '@/lib/field-errors';

export const SIGN_UP_FIELDS = ['email', 'password', 'username'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

/** How the sign-up screen shows a failure: under fields, as an alert, or above the button. */
export type SignUpFailure =
  | { kind: 'fields'; errors: Partial<Record<SignUpField, string>> }
  | { kind: 'alert'; message: string }
  | { kind: 'form'; message: string };

export function describeSignUpFailure(error: unknown): SignUpFailure {
  if (!isApiError(error)) {
    return { kind: 'form', message: messages.errors.unexpected };
  }
  const errors = fieldErrorsOf(error, SIGN_UP_FIELDS);
  if (Object.keys(errors).length > 0) {
    return { kind: 'fields', errors };
  }
  // A taken username belongs under its field; the api names the field the conflict is about.
  if (error.code === 'CONFLICT' && error.issues[0]?.path === 'username') {
    return { kind: 'fields', errors: { username: error.message } };
  }
  // Spec section 8: a failure that mentions 'registered' means the address already has an account.
  if (error.message.includes('registered')) {
    return { kind: 'alert', message: messages.auth.emailAlreadyRegistered };
  }
  return { kind: 'form', message: error.message };
}
