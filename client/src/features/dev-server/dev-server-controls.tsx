import { AppWindow, Loader2, RotateCw, Square } from 'lucide-react';
import { ExplainedButton } from '../../components/ui/explained-button';
import type { DevServerController } from './use-dev-server';

/**
 * The app's buttons in the editor's header: Run app while it is stopped (Run beside it still
 * runs the open file), then Restart and Stop while it installs, starts or runs.
 */
export function DevServerControls({
  app,
  onStart,
}: {
  app: DevServerController;
  onStart: () => void;
}) {
  const spinner = <Loader2 className="animate-spin" aria-hidden />;
  if (!app.active) {
    return (
      <ExplainedButton
        variant="ghost"
        size="sm"
        reason="Run app: start the project's app (npm run dev, Flask, Django, Go) and show it in the preview"
        unavailable={app.busy}
        onClick={onStart}
        className="max-md:size-9 max-md:px-0"
      >
        {app.busy ? spinner : <AppWindow aria-hidden />}
        <span className="sr-only md:not-sr-only">Run app</span>
      </ExplainedButton>
    );
  }
  return (
    <>
      <ExplainedButton
        variant="ghost"
        size="sm"
        reason="Restart the app"
        unavailable={app.busy}
        onClick={() => void app.restart()}
        className="max-md:size-9 max-md:px-0"
      >
        {app.busy ? spinner : <RotateCw aria-hidden />}
        <span className="sr-only md:not-sr-only">Restart</span>
      </ExplainedButton>
      <ExplainedButton
        variant="ghost"
        size="sm"
        reason="Stop the app"
        unavailable={app.busy}
        onClick={() => void app.stop()}
        className="max-md:size-9 max-md:px-0"
      >
        <Square aria-hidden /> <span className="sr-only md:not-sr-only">Stop</span>
      </ExplainedButton>
    </>
  );
}
