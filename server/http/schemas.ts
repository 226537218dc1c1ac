// Request and response shapes of the API. Responses go out through these schemas, which
// keep only the fields listed: nothing about accounts but what the browser shows.
import * as v from 'valibot';
import { PERMISSIONS, ROLES } from '../../lib/domain/types';
import { LANGUAGE_CODES } from '../../lib/i18n/codes';
import { MAX_PASSWORD_LENGTH } from '../auth/passwords';

/** A missing field reads as empty, so its "is required" message is the one given here. */
const text = (label: string) => v.optional(v.string(`${label} is required`), '');
const required = (label: string, max = 200) =>
  v.pipe(text(label), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(max, `${label} must be at most ${max} characters`));

export const emailField = v.pipe(
  text('Email'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Email must be at most 254 characters'),
  v.email('Enter a valid email address'),
);
/** Sign-in takes any text as email: an odd one is just wrong credentials, not a hint. */
export const signinEmailField = required('Email', 254);
/** Passwords are not trimmed: spaces are characters like any other. */
export const passwordField = (label = 'Password') =>
  v.pipe(
    text(label),
    v.string(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(MAX_PASSWORD_LENGTH * 4, `${label} is too long`),
  );

export const permissionsSchema = v.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, v.boolean(`permissions.${p} must be true or false`)])) as Record<
    (typeof PERMISSIONS)[number],
    v.BooleanSchema<string>
  >,
);

export const roleField = v.picklist(ROLES, `Role must be one of ${ROLES.join(', ')}`);

// ---------- Requests ----------

export const signinBody = v.object({ email: signinEmailField, password: passwordField() });
export const changePasswordBody = v.object({
  currentPassword: passwordField('Current password'),
  newPassword: passwordField('New password'),
  confirmPassword: v.optional(v.string('Confirm password must be text')),
});
export const setupBody = v.object({
  token: v.pipe(text('Token'), v.nonEmpty('Token is required'), v.maxLength(100, 'Token is not valid')),
  password: passwordField(),
  name: v.optional(required('Full Name', 100)),
  email: v.optional(emailField),
});
export const preferencesBody = v.object({
  language: v.picklist(LANGUAGE_CODES, `language must be one of ${LANGUAGE_CODES.join(', ')}`),
});
export const inviteBody = v.object({
  email: emailField,
  role: roleField,
  permissions: permissionsSchema,
});
export const acceptBody = v.object({ name: required('Full Name', 100), password: passwordField() });
export const tokenParams = v.object({ token: v.pipe(v.string(), v.maxLength(100, 'Token is not valid')) });
export const memberParams = v.object({ id: v.pipe(v.string(), v.nonEmpty('Member id is required'), v.maxLength(100, 'Member id is not valid')) });

// ---------- Responses ----------

export const memberSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
  status: v.picklist(['Active', 'Pending'] as const),
  permissions: permissionsSchema,
});
export const workspaceSchema = v.object({ id: v.string(), name: v.string() });
export const sessionResponse = v.object({ member: memberSchema, workspace: workspaceSchema });
/** The session with the member's own preferences (null: none chosen, the workspace's applies). */
export const currentSessionResponse = v.object({
  member: memberSchema,
  workspace: workspaceSchema,
  language: v.nullable(v.picklist(LANGUAGE_CODES)),
  /** Whether the member has two-factor sign-in, and whether the workspace asks it of them. */
  twoFactor: v.object({ enabled: v.boolean(), required: v.boolean() }),
});
/** Signed in, or (two-factor on) the password was right and the second step's token is here. */
export const signinResponse = v.union([sessionResponse, v.object({ secondFactor: v.object({ token: v.string(), expiresInSeconds: v.number() }) })]);
export const preferencesResponse = v.object({ language: v.picklist(LANGUAGE_CODES) });
/** An invitation made or made again: `emailSent` when its message was queued. */
export const inviteResponse = v.object({ member: memberSchema, inviteUrl: v.string(), emailSent: v.boolean() });
export const invitationInfoResponse = v.object({ email: v.string(), role: v.picklist(ROLES), workspaceName: v.string() });
export const setupInfoResponse = v.object({ email: v.string(), name: v.string(), workspaceName: v.string() });
export const okResponse = v.object({ ok: v.literal(true) });
export const healthResponse = v.object({ status: v.string() });

// ---------- Mail: forgot password, invitations re-issued, the mail line ----------

export const forgotBody = v.object({ email: signinEmailField });
export const resetBody = v.object({
  token: v.pipe(text('Token'), v.nonEmpty('Token is required'), v.maxLength(100, 'Token is not valid')),
  password: passwordField('New password'),
});
export const resetInfoResponse = v.object({ email: v.string() });
export const pendingInvitationsResponse = v.object({
  invitations: v.array(v.object({ memberId: v.string(), expiresAt: v.string(), expired: v.boolean() })),
});
export const mailStatusResponse = v.object({
  transport: v.nullable(v.picklist(['smtp', 'files'] as const)),
  lastFailure: v.nullable(v.object({ at: v.string(), reason: v.string(), givenUp: v.boolean() })),
});
