import type { CreateStage } from './use-create-project-flow';

const MESSAGES: Record<Exclude<CreateStage, 'idle'>, string> = {
  creating: 'Creating your project…',
  generating: 'The AI is building your project. This can take a minute.',
  opening: 'Project ready. Opening the editor…',
};

/** Says where project creation has got to; announced politely as it changes. */
export function CreateStatus({ stage, className }: { stage: CreateStage; className?: string }) {
  return (
    <p role="status" className={className}>
      {stage === 'idle' ? '' : MESSAGES[stage]}
    </p>
  );
}
