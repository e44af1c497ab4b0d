// The auth feature's public face: the sign-in and account actions. Who is signed in is the
// session (lib/session.ts), and the routes' guards are components/auth-redirects.tsx: every
// feature reads them.
export { useLogin, useLogout, useRegister } from './mutations';
export { isNewAccount } from './new-account';
export { useRequestVerificationEmail } from './email-verification-mutations';
