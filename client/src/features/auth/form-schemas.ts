import { zodResolver } from '@hookform/resolvers/zod';
import {
  DialogRegisterInputSchema,
  EmailSchema,
  LoginInputSchema,
  PasswordResetConfirmSchema,
  ScreenRegisterInputSchema,
} from '@kiln/shared';
import { z } from 'zod';

// The account forms' schemas and resolvers: a chunk of their own, which each form loads with its
// first validation (lib/lazy-resolver.ts), so zod is not in the pages' first JavaScript. The forms
// import only the types from here.

const RegisterFormSchema = ScreenRegisterInputSchema.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

const ResetRequestSchema = z.object({ email: EmailSchema });
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

const NewPasswordSchema = PasswordResetConfirmSchema.pick({ password: true }).extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
});
export type NewPassword = z.infer<typeof NewPasswordSchema>;

export const loginResolver = zodResolver(LoginInputSchema);
export const dialogRegisterResolver = zodResolver(DialogRegisterInputSchema);
export const registerResolver = zodResolver(RegisterFormSchema);
export const resetRequestResolver = zodResolver(ResetRequestSchema);
export const newPasswordResolver = zodResolver(NewPasswordSchema);
