import {
  DialogRegisterInputSchema,
  EmailSchema,
  LoginInputSchema,
  PasswordResetConfirmSchema,
  ScreenRegisterInputSchema,
} from '@kiln/shared';
import { z } from 'zod';
import { zodValidator } from '../../lib/schema-form';

// The account forms' schemas and validators: a chunk of their own, which each form loads with its
// first validation (lazyValidator in lib/schema-form.ts), so zod is not in the pages' first
// JavaScript. The forms import only the types from here.

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

export const loginValidator = zodValidator(LoginInputSchema);
export const dialogRegisterValidator = zodValidator(DialogRegisterInputSchema);
export const registerValidator = zodValidator(RegisterFormSchema);
export const resetRequestValidator = zodValidator(ResetRequestSchema);
export const newPasswordValidator = zodValidator(NewPasswordSchema);
