import { useEffect } from 'react';
import { useParams } from 'wouter';
import NotFoundPage from '../../components/not-found-page';
import { TooltipProvider } from '../../components/ui/tooltip';
import { loadCodeEditor, useProject } from '../../features/editor';
import { ApiError } from '../../lib/api-error';
import { Workspace } from './workspace';

/** The editor route, /editor/{id}. */
export default function WorkspacePage() {
  const { id = '' } = useParams<{ id: string }>();
  useEffect(() => {
    void loadCodeEditor();
  }, []);
  const project = useProject(id);
  if (project.error instanceof ApiError && project.error.status === 404) return <NotFoundPage />;
  // The header's buttons explain themselves in tooltips (components/ui/tooltip.tsx).
  return (
    <TooltipProvider>
      <Workspace projectId={id} projectName={project.data?.name ?? ''} />
    </TooltipProvider>
  );
}
