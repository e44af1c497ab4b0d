// The sign-in and registration dialog: a feature of its own so pages can load it only when a
// visitor shows intent (it brings zod and react-hook-form).
export { AuthDialog, type AuthTab } from './auth-dialog';
