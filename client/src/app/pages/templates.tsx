import { lazy } from 'react';
import TemplatesPage from '../../features/marketing/templates-page';

const loadProjects = () => import('../../features/projects');
const SignInToUseDialog = lazy(() =>
  loadProjects().then((projects) => ({ default: projects.SignInToUseDialog })),
);

/** The public template list, /templates, creating from a template with the projects feature. */
export default function Templates() {
  return <TemplatesPage loadStarter={loadProjects} SignInToUseDialog={SignInToUseDialog} />;
}
