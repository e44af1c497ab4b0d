import { Package } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { usePackagesStatus, useSetAllowScripts } from './api';
import { ecosystemLabel, ecosystemStateText } from './status-text';

/**
 * The terminal toolbar's Packages control: which manifests the project has, whether their
 * packages are installed and current, an Install button (its output shows in the Output tab),
 * and whether installs may run packages' own scripts.
 */
export function PackagesControl({
  projectId,
  installing,
  onInstall,
}: {
  projectId: string;
  installing: boolean;
  /** `force` when everything is installed already: a reinstall. */
  onInstall: (options: { force: boolean }) => void;
}) {
  const [open, setOpen] = useState(false);
  const status = usePackagesStatus(projectId, open);
  const setAllowScripts = useSetAllowScripts(projectId);
  // The click's own value, shown in the same frame: the cache's optimistic value arrives a
  // task later, and a controlled checkbox would flick back meanwhile.
  const [clickedAllowScripts, setClickedAllowScripts] = useState<boolean | null>(null);
  const scriptsId = useId();
  const scriptsHelpId = useId();
  const ecosystems = status.data?.ecosystems ?? [];
  const busy = installing || status.data?.installing === true;
  const current =
    ecosystems.length > 0 &&
    ecosystems.every((ecosystem) => ecosystem.installed && ecosystem.upToDate);

  const toggleScripts = (allowScripts: boolean) => {
    setClickedAllowScripts(allowScripts);
    setAllowScripts.mutate(allowScripts, {
      onSettled: () => setClickedAllowScripts(null),
      onError: (error) =>
        toast({
          title: 'The setting was not saved',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" className="h-7 gap-1.5 px-2 text-xs" title="Packages">
          <Package aria-hidden /> <span className="sr-only @md:not-sr-only">Packages</span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label="Packages"
          className="bg-card text-card-foreground z-50 w-80 rounded-lg border p-3 text-sm shadow-lg"
        >
          <h2 className="mb-2 font-semibold">Packages</h2>
          {status.isPending ? (
            <p className="text-muted-foreground">Loading...</p>
          ) : status.isError ? (
            <p className="text-destructive">
              {messageOf(status.error, 'The packages could not be read.')}
            </p>
          ) : ecosystems.length === 0 ? (
            <p className="text-muted-foreground">
              No package.json, requirements.txt or pyproject.toml in this project: there is nothing
              to install.
            </p>
          ) : (
            <ul className="mb-3 grid gap-1.5" aria-label="Manifests">
              {ecosystems.map((ecosystem) => (
                <li key={ecosystem.ecosystem} className="grid">
                  <span className="font-medium">
                    {ecosystemLabel(ecosystem)}{' '}
                    <span className="text-muted-foreground font-normal">
                      {[ecosystem.manifest, ecosystem.lockfile].filter(Boolean).join(', ')}
                    </span>
                  </span>
                  <span
                    className={
                      ecosystem.installed && ecosystem.upToDate
                        ? 'text-muted-foreground'
                        : 'text-amber-700 dark:text-amber-400'
                    }
                  >
                    {ecosystemStateText(ecosystem)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Button
            size="sm"
            className="mb-3 w-full"
            variant={current ? 'outline' : 'default'}
            disabled={busy || ecosystems.length === 0}
            onClick={() => {
              setOpen(false);
              onInstall({ force: current });
            }}
          >
            {busy ? 'Installing...' : current ? 'Reinstall packages' : 'Install packages'}
          </Button>
          <div className="flex items-start gap-2">
            <input
              id={scriptsId}
              type="checkbox"
              className="accent-primary mt-0.5 size-4 shrink-0 cursor-pointer"
              checked={clickedAllowScripts ?? status.data?.allowScripts ?? false}
              disabled={!status.data}
              aria-describedby={scriptsHelpId}
              onChange={(event) => toggleScripts(event.target.checked)}
            />
            <div className="grid gap-0.5">
              <label htmlFor={scriptsId} className="cursor-pointer font-medium">
                Allow install scripts
              </label>
              <p id={scriptsHelpId} className="text-muted-foreground text-xs">
                Lets packages run their own setup scripts (npm&apos;s postinstall) when they
                install. They run inside the project&apos;s sandbox, without network access.
              </p>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
