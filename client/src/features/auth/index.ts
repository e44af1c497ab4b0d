// The auth feature's public face: who is signed in, and the sign-in and account actions.
export { ME_QUERY_KEY, useAuth, useSetCurrentUser } from './use-auth';
export { useLogin, useLogout, useRegister } from './mutations';
export { isNewAccount } from './new-account';
export { useRequestVerificationEmail } from './account-mutations';
export { RequireAuth } from './redirects';
