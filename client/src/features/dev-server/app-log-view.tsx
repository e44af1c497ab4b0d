import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { devServerStatusText } from './status-text';
import type { DevServerController } from './use-dev-server';

/**
 * The running app's log in the terminal panel: where it stands, then what it printed as it
 * streams (installs included), a crash with its exit code last.
 */
export function AppLogView({ app }: { app: DevServerController }) {
  const scroller = useRef<HTMLPreElement>(null);
  // Follow the newest output, as a terminal does.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [app.log]);
  return (
    <section aria-label="App log" className="flex h-full min-h-0 flex-col">
      <p
        className={cn(
          'shrink-0 border-b px-3 py-1 text-xs',
          app.state === 'crashed' ? 'text-destructive' : 'text-muted-foreground',
        )}
        aria-live="polite"
        data-testid="app-status"
      >
        {devServerStatusText(app.status)}
      </p>
      <pre
        ref={scroller}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-auto px-3 py-2 font-mono text-xs whitespace-pre-wrap"
      >
        {app.log || 'Press Run app to start the app.'}
      </pre>
    </section>
  );
}
