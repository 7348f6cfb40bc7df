import { describe, expect, it } from 'vitest';
import { messages } from '@datebook/contracts';
import { ApiError } from '@/lib/api-error';
import { describeSignUpFailure } from './sign-up-errors';

const conflict = (path?: string) =>
  new ApiError({
    status: 409,
    code: 'CONFLICT',
    message: messages.auth.userAlreadyRegistered,
    issues: path ? [{ path, message: messages.auth.userAlreadyRegistered }] : [],
  });

describe('describeSignUpFailure', () => {
  it("puts a taken username's 'User already registered' under the username", () => {
    expect(describeSignUpFailure(conflict('username'))).toEqual({
      kind: 'fields',
      errors: { username: 'User already registered' },
    });
  });

  it('alerts that the e-mail already has an account when the address is taken', () => {
    expect(describeSignUpFailure(conflict('email'))).toEqual({
      kind: 'alert',
      message: 'There is already an account associated with this email.',
    });
  });

  it("alerts the same for any failure mentioning 'registered' that names no field", () => {
    expect(describeSignUpFailure(conflict())).toEqual({
      kind: 'alert',
      message: messages.auth.emailAlreadyRegistered,
    });
  });

  it('shows validation issues under their fields, the first per field', () => {
    const invalid = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: messages.errors.validation,
      issues: [
        { path: 'email', message: messages.auth.enterEmail },
        { path: 'password', message: messages.auth.passwordTooShort },
        { path: 'password', message: messages.auth.passwordTooLong },
      ],
    });

    expect(describeSignUpFailure(invalid)).toEqual({
      kind: 'fields',
      errors: { email: messages.auth.enterEmail, password: messages.auth.passwordTooShort },
    });
  });

  it('shows any other service message above the button', () => {
    const limited = new ApiError({
      status: 429,
      code: 'RATE_LIMITED',
      message: messages.auth.tooManyAttempts,
    });

    expect(describeSignUpFailure(limited)).toEqual({ kind: 'form', message: messages.auth.tooManyAttempts });
    expect(describeSignUpFailure(new TypeError('boom'))).toEqual({
      kind: 'form',
      message: messages.errors.unexpected,
    });
  });
});
