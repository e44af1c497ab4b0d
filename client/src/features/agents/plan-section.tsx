import type { Plan } from '@kiln/shared';
import { Badge } from '../../components/ui/badge';
import { ResultSection } from './result-section';

/** The Architect's plan: what it is, its features, the tech stack and the numbered steps. */
export function PlanSection({ plan }: { plan: Plan }) {
  const steps = [...plan.steps].sort((a, b) => a.step - b.step);
  return (
    <ResultSection title="Plan">
      {plan.overview && <p className="leading-relaxed break-words">{plan.overview}</p>}
      {plan.features.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-muted-foreground text-xs font-medium">Features</h4>
          <ul className="list-disc space-y-0.5 pl-5">
            {plan.features.map((feature, index) => (
              <li key={index} className="break-words">
                {feature}
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan.techStack.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-muted-foreground text-xs font-medium">Tech stack</h4>
          <ul className="flex flex-wrap gap-1.5" aria-label="Tech stack">
            {plan.techStack.map((item, index) => (
              <li key={index}>
                <Badge variant="secondary">{item}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      {steps.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-muted-foreground text-xs font-medium">Steps</h4>
          <ol className="grid gap-1.5">
            {steps.map((step, index) => (
              <li key={`${step.step}-${index}`} className="flex gap-2">
                <span className="bg-muted text-muted-foreground grid size-5 shrink-0 place-items-center rounded-full text-[0.6875rem] font-medium tabular-nums">
                  {step.step}
                </span>
                <span className="min-w-0 break-words">{step.description}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </ResultSection>
  );
}
