import { z } from 'zod';
import { ACCESS_TYPES } from './constants';
import { defineEndpoint } from './endpoint';
import { messages } from './messages';
import { lineText, tokenText } from './primitives';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 8;

export const emailSchema = z
  .string()
  .trim()
  .min(1, messages.auth.enterEmail)
  .max(320)
  .pipe(z.email(messages.forms.emailInvalid))
  .transform((value) => value.toLowerCase());
/** A password being set; `missing` asks for it in the words of the screen that sets it. */
function settablePasswordSchema(missing: string) {
  return z
    .string()
    .min(1, missing)
    .min(PASSWORD_MIN_LENGTH, messages.auth.passwordTooShort)
    .max(128, messages.auth.passwordTooLong);
}
export const passwordSchema = settablePasswordSchema(messages.auth.enterNewPassword);
export const usernameSchema = z.string().trim().regex(USERNAME_PATTERN, messages.auth.usernameInvalid);

export const AAL_LEVELS = ['aal1', 'aal2'] as const;
export type Aal = (typeof AAL_LEVELS)[number];

export const factorSchema = z.object({
  id: z.string(),
  friendlyName: z.string().nullable(),
  factorType: z.literal('totp'),
  status: z.enum(['unverified', 'verified']),
  createdAt: z.string(),
});
export type Factor = z.infer<typeof factorSchema>;

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailConfirmedAt: z.string().nullable(),
  /** An address waiting for its confirmation link. */
  newEmail: z.string().nullable(),
  username: z.string(),
  accessType: z.enum(ACCESS_TYPES),
  factors: z.array(factorSchema),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * Where the browser keeps the refresh token: an HttpOnly, SameSite=Strict cookie sent only to the
 * sign-in and refresh calls. No response body carries it, so no script can read it.
 */
export const REFRESH_COOKIE_NAME = 'datebook_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth/token';

/** A session as the api hands it out; its refresh token travels in the refresh cookie. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  /** Seconds the access token lives; the client refreshes a little before `expiresAt`. */
  expiresIn: z.number(),
  /** Unix time (seconds) at which the access token expires. */
  expiresAt: z.number(),
  /** What this session has proven (aal1: password; aal2: password and TOTP). */
  aal: z.enum(AAL_LEVELS),
  /** What it must reach: aal2 when the user has a verified factor. */
  nextAal: z.enum(AAL_LEVELS),
  user: authUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: settablePasswordSchema(messages.auth.choosePassword),
  username: usernameSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export type SignUp = z.output<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, messages.auth.enterPassword).max(128),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const signOutRequestSchema = z.object({ scope: z.enum(['global', 'local']).default('global') });

export const VERIFY_TYPES = ['signup', 'recovery', 'email_change', 'email_change_undo'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];
export const verifyRequestSchema = z.object({
  tokenHash: tokenText().min(1, messages.auth.tokenInvalid).max(200),
  type: z.enum(VERIFY_TYPES),
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;
/** A recovery link signs the user in (to set a new password); the others only confirm. */
export const verifyResponseSchema = z.object({ session: sessionSchema.nullable(), message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const recoverRequestSchema = z.object({ email: emailSchema });
export const updateUserRequestSchema = z
  .object({
    email: lineText().max(320).optional(),
    password: passwordSchema.optional(),
    /**
     * Proves that the holder of the session knows the account: needed for either change, except a
     * new password set by a session that a recovery link has just started.
     */
    currentPassword: z.string().max(128).optional(),
  })
  .refine((value) => value.email !== undefined || value.password !== undefined, {
    message: 'Nothing to update',
  });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const enrollFactorRequestSchema = z.object({
  friendlyName: lineText().max(60).optional(),
  factorType: z.literal('totp').default('totp'),
  issuer: lineText().max(60).optional(),
});
export const enrolledFactorSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  totp: z.object({ qrCode: z.string(), secret: z.string(), uri: z.string() }),
});
export type EnrolledFactor = z.infer<typeof enrolledFactorSchema>;
export const challengeSchema = z.object({ id: z.string(), expiresAt: z.number() });
export type Challenge = z.infer<typeof challengeSchema>;
export const verifyFactorRequestSchema = z.object({
  challengeId: tokenText().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, messages.auth.mfaCodeInvalid),
});

export const messageSchema = z.object({ message: z.string() });
export const emptySchema = z.object({});

export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** Claims of the access JWT: `sub` the user id, `sid` the session (refresh-token family). */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  aal: z.enum(AAL_LEVELS),
  /** The level the user's account requires: aal2 once a factor is verified. */
  naal: z.enum(AAL_LEVELS),
  role: z.enum(ACCESS_TYPES),
  /** Set on the tokens of a session a recovery link started: they may set a password without the old one. */
  recovery: z.literal(true).optional(),
  iat: z.number(),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** Deleting the account cannot be undone, so a stolen session alone must not be enough. */
export const deleteUserRequestSchema = z.object({ currentPassword: z.string().max(128).optional() });
export type DeleteUserRequest = z.input<typeof deleteUserRequestSchema>;

export const authEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/auth/signup',
    tag: 'auth',
    summary: 'Register with e-mail, password and username; a confirmation link is e-mailed.',
    body: signUpRequestSchema,
    response: messageSchema,
    status: 201,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/auth/verify',
    tag: 'auth',
    summary:
      'Redeem a one-time token from an e-mailed link (sign-up, recovery, e-mail change, undoing an e-mail change).',
    body: verifyRequestSchema,
    response: verifyResponseSchema,
    status: 200,
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: '/auth/token',
    tag: 'auth',
    summary: 'Sign in with e-mail and password.',
    body: signInRequestSchema,
    response: sessionSchema,
    status: 200,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/auth/token/refresh',
    tag: 'auth',
    summary:
      'Rotate the refresh token of the refresh cookie for a new session (and cookie); a reused token revokes its family, unless it comes back within seconds (a race), which gets the same successor.',
    response: sessionSchema,
    status: 200,
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'End this session (local) or every session of the user (global).',
    body: signOutRequestSchema,
    response: emptySchema,
    status: 200,
  }),
  recover: defineEndpoint({
    method: 'POST',
    path: '/auth/recover',
    tag: 'auth',
    summary: 'E-mail a password-reset link (always answers the same, whether the address exists).',
    body: recoverRequestSchema,
    response: messageSchema,
    status: 200,
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/auth/user',
    tag: 'auth',
    summary: 'The signed-in user.',
    response: authUserSchema,
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/auth/user',
    tag: 'auth',
    summary:
      'Change the password (ends every other session), or start an e-mail change (confirmed by a link to the new address, announced with an undo link to the old one); both need the current password.',
    body: updateUserRequestSchema,
    response: z.object({ user: authUserSchema, message: z.string() }),
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/auth/user',
    tag: 'auth',
    summary: 'Delete the account (needs the current password); rows and media go in the background.',
    body: deleteUserRequestSchema,
    response: messageSchema,
  }),
  enrollFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/factors',
    tag: 'auth',
    summary: 'Enroll a TOTP factor: returns its secret and QR code.',
    body: enrollFactorRequestSchema,
    response: enrolledFactorSchema,
    status: 201,
  }),
  challengeFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/factors/:id/challenge',
    tag: 'auth',
    summary: 'Start verifying a factor.',
    response: challengeSchema,
    status: 200,
  }),
  verifyFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/factors/:id/verify',
    tag: 'auth',
    summary: 'Verify a TOTP code; returns a session at aal2.',
    body: verifyFactorRequestSchema,
    response: sessionSchema,
    status: 200,
  }),
  removeFactor: defineEndpoint({
    method: 'DELETE',
    path: '/auth/factors/:id',
    tag: 'auth',
    summary: 'Remove a factor (a verified one needs an aal2 session).',
    response: emptySchema,
  }),
};
