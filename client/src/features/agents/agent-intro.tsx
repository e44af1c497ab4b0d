import { AGENT_ROLE_NAMES, AGENT_ROLES, type AgentRole } from '@kiln/shared';
import { Circle } from 'lucide-react';

/** What each role does in a run, in the order they work. */
export const ROLE_JOBS: Record<AgentRole, string> = {
  architect: 'plans the features, the tech stack and the steps',
  develop: 'writes the code into your project',
  review: 'reads the code for bugs, security and style',
  test: 'writes tests and runs them in the sandbox',
  debug: 'finds why a test failed and fixes it',
};

/** Before the first run: the five agents and what each will do with a request. */
export function AgentIntro() {
  return (
    <div className="grid gap-2 rounded-lg border p-3 text-sm">
      <p className="text-muted-foreground">
        Describe what you want and five agents work on it in turn. Their changes land in your files,
        and one Undo puts them all back.
      </p>
      <ol aria-label="Agent tasks" className="grid gap-1.5">
        {AGENT_ROLES.map((role) => (
          <li key={role} className="flex items-start gap-2">
            <Circle className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">{AGENT_ROLE_NAMES[role]}</span>{' '}
              <span className="text-muted-foreground">{ROLE_JOBS[role]}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
