import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN_DIALOG,
  PASSWORD_MIN_SCREEN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants';
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from '../plans';

/** Emails are trimmed before validation and compared case-insensitively by the server. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Enter a valid email address'));

const passwordSchema = (min: number) =>
  z
    .string({ error: 'Password is required' })
    .min(min, `Password must be at least ${min} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const UsernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, digits, dots, dashes and underscores');

export const NameSchema = z
  .string()
  .trim()
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

/** Landing-page dialog shape (decision 0001): name optional, password at least 6. */
export const DialogRegisterInputSchema = z.object({
  email: EmailSchema,
  password: passwordSchema(PASSWORD_MIN_DIALOG),
  name: NameSchema.optional(),
});

/** Register-screen shape (decision 0001): username required, password at least 8. */
export const ScreenRegisterInputSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: passwordSchema(PASSWORD_MIN_SCREEN),
});

export type DialogRegisterInput = z.infer<typeof DialogRegisterInputSchema>;
export type ScreenRegisterInput = z.infer<typeof ScreenRegisterInputSchema>;
export type RegisterInput = DialogRegisterInput | ScreenRegisterInput;

/** Both shapes stand: a payload carrying `username` is the screen's, any other the dialog's. */
export function registerSchemaFor(body: unknown) {
  const isScreen = typeof body === 'object' && body !== null && 'username' in body;
  return isScreen ? ScreenRegisterInputSchema : DialogRegisterInputSchema;
}

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** What any signed-in user may see of another (the User Management dialog). */
export const DirectoryUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
});
export type DirectoryUser = z.infer<typeof DirectoryUserSchema>;
export const DirectoryUsersResponseSchema = z.array(DirectoryUserSchema);

export const TokenInputSchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(1, 'Token is required')
    .max(200, 'Token is malformed'),
});
export type TokenInput = z.infer<typeof TokenInputSchema>;

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = TokenInputSchema.extend({
  password: passwordSchema(PASSWORD_MIN_SCREEN),
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
