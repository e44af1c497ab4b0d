import type { Collaborator } from '@kiln/shared';
import { FileCode2, Users } from 'lucide-react';
import { Popover } from 'radix-ui';
import { cn } from '../../lib/cn';
import { initialsOf } from './collaborators';
import type { PresenceStatus } from './presence-connection';

/** White text reads at 5:1 or more on each of these, in both themes. */
const AVATAR_COLOURS = [
  'bg-sky-700',
  'bg-emerald-700',
  'bg-violet-700',
  'bg-rose-700',
  'bg-amber-700',
  'bg-teal-700',
];
/** Avatars shown in the header; the rest are counted. */
const SHOWN = 3;

const STATUS_TEXT: Record<PresenceStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  closed: 'Disconnected: reconnecting',
};

/** One colour per person, the same in every tab. */
function colourOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return AVATAR_COLOURS[Math.abs(hash) % AVATAR_COLOURS.length] ?? 'bg-sky-700';
}

function Avatar({ user, className }: { user: Collaborator; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold text-white',
        colourOf(user.userId),
        className,
      )}
    >
      {initialsOf(user.userName)}
    </span>
  );
}

/**
 * The header's presence: the others' avatars, and a popover listing everyone in
 * the project with the file each has open. This tab is listed last, as "you".
 */
export function PresenceAvatars({
  status,
  you,
  collaborators,
}: {
  status: PresenceStatus;
  you: string | null;
  collaborators: Collaborator[];
}) {
  const others = collaborators.filter((user) => user.connectionId !== you);
  const mine = collaborators.find((user) => user.connectionId === you);
  const listed = mine ? [...others, mine] : others;
  const label =
    others.length === 0
      ? 'Collaboration: nobody else here'
      : `Collaboration: ${others.length} other${others.length === 1 ? '' : 's'} here`;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        title={label}
        data-testid="presence-trigger"
        className={cn(
          'hover:bg-muted focus-visible:ring-ring flex h-9 items-center gap-1 rounded-md px-1.5 outline-none focus-visible:ring-2 max-md:px-0',
          // A phone's header has no room to spare: presence shows there only when someone is here.
          others.length === 0 && 'max-md:hidden',
        )}
      >
        {others.length === 0 ? (
          <span className="relative flex size-7 items-center justify-center">
            <Users className="text-muted-foreground size-4" aria-hidden />
            <span
              aria-hidden
              className={cn(
                'ring-card absolute right-0.5 bottom-0.5 size-2 rounded-full ring-2',
                status === 'connected' ? 'bg-emerald-600' : 'bg-muted-foreground',
              )}
            />
          </span>
        ) : (
          <span className="flex -space-x-2">
            {others.slice(0, SHOWN).map((user, index) => (
              <Avatar
                key={user.connectionId}
                user={user}
                // One small avatar on a phone; the popover lists everyone.
                className={cn('ring-card ring-2 max-md:size-6', index > 0 && 'max-md:hidden')}
              />
            ))}
            {others.length > SHOWN && (
              <span className="bg-muted text-foreground ring-card flex size-7 items-center justify-center rounded-full text-[11px] font-semibold ring-2 max-md:hidden">
                +{others.length - SHOWN}
              </span>
            )}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="bg-card text-card-foreground z-50 w-72 rounded-lg border p-3 shadow-lg"
          data-testid="presence-popover"
        >
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h2 className="text-sm font-semibold">Collaboration</h2>
            <span className="text-muted-foreground text-xs" role="status">
              {STATUS_TEXT[status]}
            </span>
          </div>
          {listed.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              {status === 'connected' ? 'Nobody else is here.' : 'Waiting for the connection.'}
            </p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Active collaborators">
              {listed.map((user) => (
                <li
                  key={user.connectionId}
                  className="flex items-center gap-2 rounded-md px-1 py-1"
                  data-testid="collaborator"
                >
                  <Avatar user={user} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {user.userName}
                      {user.connectionId === you && (
                        <span className="text-muted-foreground font-normal"> (you)</span>
                      )}
                    </p>
                    <p className="text-muted-foreground flex items-center gap-1 text-xs">
                      <FileCode2 className="size-3 shrink-0" aria-hidden />
                      <span className="truncate" title={user.activeFile ?? undefined}>
                        {user.activeFile ?? 'No file open'}
                      </span>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {others.length === 0 && listed.length > 0 && (
            <p className="text-muted-foreground mt-2 text-xs">
              Others who open this project appear here.
            </p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
