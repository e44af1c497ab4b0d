import type { TemplateId } from '@kiln/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { messageOf } from '../../../lib/api-error';
import { addCreatedProject, createProjectRequest } from '../api';
import { templateName } from '../create/derive-project';

/**
 * Creates a project from a template, named after it ("Go Web Server", numbered by the server if
 * taken), and opens it in the editor; a refusal (the plan's limit, say) is told in a toast.
 * A plain function rather than a hook so the public /templates page can load it only when a
 * visitor uses a template. Answers whether the project was created.
 */
export async function startFromTemplate({
  templateId,
  queryClient,
  navigate,
}: {
  templateId: TemplateId;
  queryClient: QueryClient;
  navigate: (to: string) => void;
}): Promise<boolean> {
  try {
    const project = await createProjectRequest({ name: templateName(templateId), templateId });
    addCreatedProject(queryClient, project);
    toast({
      title: 'Project created',
      description: `${project.name} is ready.`,
      variant: 'success',
    });
    navigate(`/editor/${project.id}`);
    return true;
  } catch (error) {
    toast({
      title: 'Could not create the project',
      description: messageOf(error, 'Failed to create project. Please try again.'),
      variant: 'destructive',
    });
    return false;
  }
}
