import { lazy } from 'react';
import LandingPage from '../../features/marketing/landing-page';

// Its own chunk, apart from the auth feature's entry: the dialog brings zod and react-hook-form.
const loadAuthDialog = () => import('../../features/auth/auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/** The landing page, /, with the sign-in and registration dialog loaded on demand. */
export default function Landing() {
  return <LandingPage AuthDialog={AuthDialog} preloadAuthDialog={() => void loadAuthDialog()} />;
}
