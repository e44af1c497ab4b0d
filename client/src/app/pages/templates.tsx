import { lazy } from 'react';
import TemplatesPage from '../../features/marketing/templates-page';

const loadStarter = () => import('../../features/projects/templates/starter');
const SignInToUseDialog = lazy(() =>
  import('../../features/projects/templates/sign-in-to-use-dialog').then((module) => ({
    default: module.SignInToUseDialog,
  })),
);

/** The public template list, /templates, creating from a template with the projects feature. */
export default function Templates() {
  return <TemplatesPage loadStarter={loadStarter} SignInToUseDialog={SignInToUseDialog} />;
}
