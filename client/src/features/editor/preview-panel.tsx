import {
  PREVIEW_MESSAGE_SOURCE,
  PreviewConsoleMessageSchema,
  type PreviewConsoleMessage,
  type PreviewLink,
} from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Loader2,
  Monitor,
  RotateCw,
  Smartphone,
  Tablet,
  TerminalSquare,
  Trash2,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** Device sizes, and the 500 ms refresh spinner. */
const DEVICES = {
  desktop: { label: 'Desktop', icon: Monitor, size: null },
  tablet: { label: 'Tablet', icon: Tablet, size: { width: 768, height: 1024 } },
  mobile: { label: 'Mobile', icon: Smartphone, size: { width: 375, height: 667 } },
} as const;
type Device = keyof typeof DEVICES;
const REFRESH_SPINNER_MS = 500;
/** The frame may run scripts, forms, popups and modals, on its own origin (decision 0005). */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals';
const CONSOLE_LIMIT = 500;

const LEVEL_CLASS: Record<PreviewConsoleMessage['level'], string> = {
  log: '',
  info: 'text-sky-600 dark:text-sky-400',
  debug: 'text-muted-foreground',
  warn: 'text-amber-600 dark:text-amber-400',
  error: 'text-destructive',
};

/**
 * The selected HTML file rendered from the project's files, on the preview origin with a signed,
 * expiring link (decision 0005), so its scripts cannot reach Kiln's origin or the user's session.
 * `revision` changes whenever the project's files are saved, which reloads the page.
 */
export function PreviewPanel({
  projectId,
  path,
  revision,
}: {
  projectId: string;
  path: string;
  revision: string;
}) {
  const [device, setDevice] = useState<Device>('desktop');
  const [reloads, setReloads] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [consoleOpen, setConsoleOpen] = useState(false);
  const [messages, setMessages] = useState<PreviewConsoleMessage[]>([]);
  const frame = useRef<HTMLIFrameElement>(null);

  const link = useQuery<PreviewLink>({
    queryKey: [`/api/projects/${projectId}/preview?path=${encodeURIComponent(path)}`],
    // Links expire after an hour: fetch a fresh one a few minutes before.
    refetchInterval: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expiresAt) : 0;
      return Math.max(60_000, expiresAt - Date.now() - 5 * 60_000);
    },
  });
  const origin = link.data ? new URL(link.data.url).origin : null;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own frame, from the preview origin, may write to the console.
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const parsed = PreviewConsoleMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.source !== PREVIEW_MESSAGE_SOURCE) return;
      setMessages((current) => [...current.slice(-(CONSOLE_LIMIT - 1)), parsed.data]);
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
    setReloads((count) => count + 1);
    setSpinning(true);
  };

  const size = DEVICES[device].size;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-9 shrink-0 items-center gap-1 border-b px-2">
        {(Object.keys(DEVICES) as Device[]).map((key) => {
          const { label, icon: Icon } = DEVICES[key];
          return (
            <Button
              key={key}
              variant={device === key ? 'secondary' : 'ghost'}
              size="icon"
              className="size-7"
              aria-label={label}
              aria-pressed={device === key}
              onClick={() => setDevice(key)}
            >
              <Icon />
            </Button>
          );
        })}
        <span className="text-muted-foreground ml-1 truncate text-xs">
          {size ? `${size.width}×${size.height}` : path}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto size-7"
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
      <div className="bg-muted/40 relative min-h-0 flex-1 overflow-auto">
        {link.isError ? (
          <p className="text-destructive p-4 text-sm">
            The preview could not be opened: {link.error.message}
          </p>
        ) : !link.data ? (
          <div className="flex h-full items-center justify-center">
            <Loader2
              className="text-muted-foreground size-6 animate-spin"
              aria-label="Loading preview"
            />
          </div>
        ) : (
          <div className={cn('h-full', size && 'flex justify-center p-4')}>
            <iframe
              ref={frame}
              key={`${link.data.url}|${revision}|${reloads}`}
              title={`Preview of ${path}`}
              src={link.data.url}
              sandbox={SANDBOX}
              className={cn(
                'bg-white',
                size ? 'shrink-0 rounded-md border shadow-lg' : 'h-full w-full',
              )}
              style={size ? { width: size.width, height: size.height } : undefined}
            />
          </div>
        )}
        {spinning && (
          <div
            className="bg-background/60 absolute inset-0 flex items-center justify-center"
            role="status"
          >
            <Loader2 className="text-primary size-6 animate-spin" aria-label="Refreshing" />
          </div>
        )}
      </div>
      {consoleOpen && (
        <section aria-label="Preview console" className="flex h-40 shrink-0 flex-col border-t">
          <div className="flex h-7 items-center px-2 text-xs font-medium">
            Console
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto size-6"
              aria-label="Clear console"
              onClick={() => setMessages([])}
            >
              <Trash2 />
            </Button>
          </div>
          <ol
            className="min-h-0 flex-1 overflow-auto px-2 pb-2 font-mono text-xs"
            aria-live="polite"
          >
            {messages.length === 0 && (
              <li className="text-muted-foreground">No console output yet.</li>
            )}
            {messages.map((message, index) => (
              <li
                key={index}
                className={cn(
                  'border-b py-0.5 break-all whitespace-pre-wrap',
                  LEVEL_CLASS[message.level],
                )}
              >
                {message.args.join(' ')}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
