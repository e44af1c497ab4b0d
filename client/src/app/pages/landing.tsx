import { lazy } from 'react';
import LandingPage from '../../features/marketing/landing-page';

// Its own chunk, apart from the auth feature's entry: the dialog brings the account forms. Radix's
// dialog, which loads when a dialog first opens, starts loading with it (imported here only
// then, so the landing page's first visit does without even the dialog's facade).
const loadAuthDialog = () => {
  void import('../../components/ui/dialog').then((dialog) => dialog.Dialog.preload());
  return import('../../features/auth/auth-dialog');
};
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/** The landing page, /, with the sign-in and registration dialog loaded on demand. */
export default function Landing() {
  return <LandingPage AuthDialog={AuthDialog} preloadAuthDialog={() => void loadAuthDialog()} />;
}
