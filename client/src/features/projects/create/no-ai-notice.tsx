import { Info } from 'lucide-react';

/**
 * Shown on the start screen when the server has no AI provider, before anyone types: the
 * description still makes a project, just not a generated one. `detail` is the server's own
 * word on which settings to set, for whoever runs this instance.
 */
export function NoAiNotice({ detail }: { detail: string | null }) {
  return (
    <div
      role="note"
      aria-label="AI unavailable"
      className="bg-muted/60 text-muted-foreground flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm"
    >
      <Info className="text-foreground mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p>
          <span className="text-foreground font-medium">AI is not set up on this server.</span>{' '}
          Create makes the project with your description but writes no code; start from a template
          or import your own files to begin with code.
        </p>
        {/* Folded away: it is for whoever runs this instance, and long on a phone. */}
        {detail && (
          <details className="text-xs">
            <summary className="hover:text-foreground w-fit cursor-pointer">
              How to turn the AI on
            </summary>
            <p className="mt-1">{detail}</p>
          </details>
        )}
      </div>
    </div>
  );
}
