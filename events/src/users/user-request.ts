import { z } from 'zod';
import { DEFAULT_ROLE, REGIONS, STAFF_ROLES } from '../enums';
import { optionalEnum, optionalText, requiredText } from '../fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '../limits';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(
    z
      .email({ error: 'Enter a valid email address' })
      .max(TEXT_LIMITS.email, `Email must be at most ${TEXT_LIMITS.email} characters`),
  );

/** A role User Management may give: a family account comes only from an invitation on a client's record. */
export const roleSchema = z.enum(STAFF_ROLES, { error: 'Role must be admin, coordinator, carer or auditor' });

/** POST /api/login. Any non-empty password is checked; the length rule applies when one is set. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

const profileFields = {
  firstName: requiredText('First name is required', TEXT_LIMITS.personName),
  lastName: requiredText('Last name is required', TEXT_LIMITS.personName),
  region: optionalEnum(REGIONS),
  profileImageUrl: optionalText(TEXT_LIMITS.url).refine(
    (value) => value === null || value === undefined || /^https?:\/\/\S+$/.test(value),
    'Profile image must be an http(s) URL',
  ),
};

/** POST /api/users (admin): a new account with its first password. */
export const createUserRequestSchema = z.object({
  email: emailSchema,
  ...profileFields,
  role: roleSchema.default(DEFAULT_ROLE),
  password: passwordSchema,
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;
export type CreateUserCommandInput = z.output<typeof createUserRequestSchema>;

/** PATCH /api/users/:id: profile fields only; role and status have commands of their own. */
export const updateUserRequestSchema = z.object(profileFields).partial();
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;
export type UpdateUserCommandInput = z.output<typeof updateUserRequestSchema>;

/** PUT /api/users/:id/role */
export const changeRoleRequestSchema = z.object({ role: roleSchema });

/** POST /api/login/password-reset-requests: answered the same whether or not the email has an account. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** POST /api/login/password-reset: the one-time token from the link and the new password. */
export const passwordResetSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  password: passwordSchema,
});
