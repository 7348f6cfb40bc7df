import { TextField, type TextFieldProps } from './text-field';

type TotpCodeFieldProps = Omit<TextFieldProps, 'autoComplete' | 'inputMode' | 'maxLength'>;

/**
 * The six-digit code of an authenticator app: a numeric keypad on phones, and the browser's
 * one-time-code autofill.
 */
export function TotpCodeField(props: TotpCodeFieldProps) {
  return <TextField autoComplete="one-time-code" inputMode="numeric" maxLength={6} {...props} />;
}
