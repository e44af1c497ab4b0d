import type { Project } from '@kiln/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/toast-store';
import { messageOf } from '../../../lib/api-error';
import { useCreateProject } from '../api';
import type { AppTheme } from './app-theme';
import { creationOutcome, toCreateProjectInput, type ProjectHandoff } from './derive-project';
import { buildGenerationBrief } from './generation-brief';
import { requestProjectGeneration } from './requests';

/** The editor opens 1000 ms after a successful AI generation. */
export const EDITOR_OPEN_DELAY_MS = 1000;

export type CreateStage = 'idle' | 'creating' | 'generating' | 'opening';

export interface CreateRequest {
  handoff: ProjectHandoff;
  /** What the user wrote; decides whether the AI builds the project. */
  prompt: string;
  theme: AppTheme;
  /** The planning chat's latest answer, if any. */
  plan?: string | undefined;
  /** False when the server has no AI provider: the project is created but nothing generated. */
  aiAvailable: boolean;
}

/**
 * Project creation from the create dialog: create, ask the AI to build it when there is
 * something to build, then open the editor, whatever happened to the generation (the project
 * exists, and its files can be written by hand). `onFinished` runs once the project exists so
 * the dialog can clear its draft.
 */
export function useCreateProjectFlow({
  onFinished,
  onClose,
}: {
  onFinished: () => void;
  onClose: () => void;
}) {
  const createProject = useCreateProject();
  const [, navigate] = useLocation();
  const [stage, setStage] = useState<CreateStage>('idle');
  const busy = useRef(false);
  const openTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(openTimer.current), []);

  const finish = () => {
    busy.current = false;
    setStage('idle');
    onFinished();
  };

  const openEditor = (project: Project) => {
    finish();
    onClose();
    navigate(`/editor/${project.id}`);
  };

  const generate = async (project: Project, request: CreateRequest) => {
    setStage('generating');
    try {
      await requestProjectGeneration({
        projectId: project.id,
        name: project.name,
        description: buildGenerationBrief({
          description: request.handoff.description,
          theme: request.theme,
          plan: request.plan,
        }),
        language: project.language,
      });
    } catch {
      toast({
        title: 'Generation incomplete',
        description: 'Project created but AI generation failed. You can still code manually.',
        variant: 'destructive',
      });
      openEditor(project);
      return;
    }
    setStage('opening');
    toast({
      title: 'Project created',
      description: `${project.name} is ready. Opening the editor…`,
      variant: 'success',
    });
    openTimer.current = window.setTimeout(() => openEditor(project), EDITOR_OPEN_DELAY_MS);
  };

  const create = async (request: CreateRequest) => {
    if (busy.current) return;
    busy.current = true;
    setStage('creating');
    let project: Project;
    try {
      project = await createProject.mutateAsync(toCreateProjectInput(request.handoff));
    } catch (error) {
      busy.current = false;
      setStage('idle');
      toast({
        title: 'Error',
        description: messageOf(error, 'Failed to create project. Please try again.'),
        variant: 'destructive',
      });
      return;
    }

    const outcome = creationOutcome(request.prompt, request.handoff, {
      aiAvailable: request.aiAvailable,
    });
    if (outcome === 'generate') {
      await generate(project, request);
      return;
    }
    toast({
      title: 'Project created',
      description: `${project.name} is ready.`,
      variant: 'success',
    });
    openEditor(project);
  };

  return { create, stage, isPending: stage !== 'idle' };
}
