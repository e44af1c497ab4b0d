import type { PreviewConsoleMessage, PreviewLink } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Monitor, RotateCw, Smartphone, Tablet, TerminalSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { PHONE_QUERY } from '../../lib/use-media-query';
import { DEVICE_ORDER, DEVICES, deviceLabel, fitDevice, type Device } from './device-fit';
import { PreviewConsole } from './preview-console';
import { frameConsoleMessage } from './preview-message';
import { PreviewScreen } from './preview-screen';
import { useContentSize } from './use-content-size';

const DEVICE_ICONS = { desktop: Monitor, tablet: Tablet, mobile: Smartphone } as const;
/** How long the refresh spinner shows. */
const REFRESH_SPINNER_MS = 500;
const CONSOLE_LIMIT = 500;

/**
 * An HTML page of the project rendered from its files, on the project's own preview origin with a
 * signed, expiring link (decision 0005), so its scripts cannot reach Kiln's origin, the user's
 * session or another project's previews.
 * `path` is the page (preview-page.ts chooses it: the open HTML file, or the page shown last
 * while its CSS or script is edited); `revision` changes whenever the project's files are
 * saved, which reloads the page.
 */
export function PreviewPanel({
  projectId,
  path,
  revision,
  appUrl = null,
  onRenewAppUrl,
}: {
  projectId: string;
  path: string;
  revision: string;
  /**
   * The project's running app, behind its own preview link (decision 0020): shown instead of
   * the page, and left to reload itself on saves (its dev server's hot reload).
   */
  appUrl?: string | null;
  /**
   * Asks for a fresh link to the running app (Refresh), as the one shown may have been revoked;
   * answers whether the link changed.
   */
  onRenewAppUrl?: () => Promise<boolean>;
}) {
  // A phone's own screen is the size worth checking there first.
  const [device, setDevice] = useState<Device>(() =>
    window.matchMedia(PHONE_QUERY).matches ? 'mobile' : 'desktop',
  );
  const [reloads, setReloads] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [consoleOpen, setConsoleOpen] = useState(false);
  const [messages, setMessages] = useState<PreviewConsoleMessage[]>([]);
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const spec = DEVICES[device];
  const fit = fitDevice(spec, useContentSize(stage));

  const link = useQuery<PreviewLink>({
    queryKey: [`/api/projects/${projectId}/preview?path=${encodeURIComponent(path)}`],
    // Links expire 15 minutes after they are made: fetch a fresh one 5 minutes before.
    refetchInterval: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expiresAt) : 0;
      return Math.max(60_000, expiresAt - Date.now() - 5 * 60_000);
    },
    enabled: appUrl === null,
  });
  const src = appUrl ?? link.data?.url ?? null;
  const origin = src ? new URL(src).origin : null;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = frameConsoleMessage(event, {
        origin,
        window: frame.current?.contentWindow,
      });
      if (message) setMessages((current) => [...current.slice(-(CONSOLE_LIMIT - 1)), message]);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  useEffect(() => {
    if (!spinning) return;
    const timer = window.setTimeout(() => setSpinning(false), REFRESH_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, [spinning]);

  const refresh = () => {
    setMessages([]);
    setSpinning(true);
    const reloadUnlessChanged = (changed: boolean) => {
      if (!changed) setReloads((count) => count + 1);
    };
    // With a fresh link: the one shown may have expired (a computer asleep) or been revoked
    // (who may see the project changed). A new link reloads the frame by itself.
    if (appUrl !== null) {
      if (onRenewAppUrl)
        void onRenewAppUrl().then(reloadUnlessChanged, () => reloadUnlessChanged(false));
      else reloadUnlessChanged(false);
      return;
    }
    const shown = link.data?.url;
    void link.refetch().then((result) => reloadUnlessChanged(result.data?.url !== shown));
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-9 shrink-0 items-center gap-1 border-b px-2">
        {DEVICE_ORDER.map((key) => {
          const Icon = DEVICE_ICONS[key];
          const { label, size } = DEVICES[key];
          return (
            <Button
              key={key}
              variant={device === key ? 'secondary' : 'ghost'}
              size="icon"
              className="size-7"
              aria-label={label}
              title={`${label} (${size.width} × ${size.height})`}
              aria-pressed={device === key}
              onClick={() => setDevice(key)}
            >
              <Icon />
            </Button>
          );
        })}
        <span className="text-muted-foreground ml-1 min-w-0 flex-1 truncate text-xs" title={path}>
          {path}
        </span>
        <span
          className="text-muted-foreground shrink-0 text-xs whitespace-nowrap tabular-nums"
          data-testid="preview-size"
        >
          {deviceLabel(spec.size, fit.scale)}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Refresh preview"
          onClick={refresh}
        >
          <RotateCw className={cn(spinning && 'animate-spin')} />
        </Button>
        <Button
          variant={consoleOpen ? 'secondary' : 'ghost'}
          size="icon"
          className="size-7"
          aria-label="Console"
          aria-pressed={consoleOpen}
          onClick={() => setConsoleOpen((open) => !open)}
        >
          <TerminalSquare />
        </Button>
      </div>
      <div className="bg-muted/40 relative min-h-0 flex-1">
        <div
          ref={stage}
          data-testid="preview-stage"
          // Stable gutters: a scrollbar appearing must not narrow the space and change the scale,
          // and one on each side keeps the screen centred.
          className="absolute inset-0 overflow-auto p-4 [scrollbar-gutter:stable_both-edges]"
        >
          {link.isError && !appUrl ? (
            <p className="text-destructive text-sm">
              The preview could not be opened: {link.error.message}
            </p>
          ) : !src ? (
            <div className="flex h-full items-center justify-center">
              <Loader2
                className="text-muted-foreground size-6 animate-spin"
                aria-label="Loading preview"
              />
            </div>
          ) : (
            <PreviewScreen
              size={spec.size}
              fit={fit}
              src={src}
              title={`Preview of ${path}`}
              frameKey={appUrl ? `${appUrl}|${reloads}` : `${src}|${revision}|${reloads}`}
              frameRef={frame}
            />
          )}
        </div>
        {spinning && (
          <div
            className="bg-background/60 absolute inset-0 flex items-center justify-center"
            role="status"
          >
            <Loader2 className="text-primary size-6 animate-spin" aria-label="Refreshing" />
          </div>
        )}
      </div>
      {consoleOpen && <PreviewConsole messages={messages} onClear={() => setMessages([])} />}
    </div>
  );
}
