import { DRIZZLE_STUDIO_URL } from '@kiln/shared';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { useDatabaseSchema } from './api/get-database-schema';
import { drizzleConfig } from './drizzle-config';

/**
 * The Drizzle Studio tab: Drizzle Studio is an external page that browses a database through
 * `drizzle-kit studio` running beside it. This tab links to it and says how to point it at this
 * project's database, which lives on the server that runs Kiln.
 */
export function DrizzleStudioPanel({ projectId, open }: { projectId: string; open: boolean }) {
  const schema = useDatabaseSchema(projectId, open);
  const config = schema.data ? drizzleConfig(schema.data.backend, schema.data.location) : null;

  const copy = async () => {
    if (!config) return;
    try {
      await navigator.clipboard.writeText(config);
      toast({ title: 'Copied to clipboard', variant: 'success' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the text and copy it.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid max-w-2xl content-start gap-4 text-sm">
      <p className="text-muted-foreground">
        Drizzle Studio browses and edits a database&apos;s tables in the browser. It runs through{' '}
        <code className="font-mono">drizzle-kit studio</code> on a machine that can reach the
        database, and its page opens at {new URL(DRIZZLE_STUDIO_URL).host}.
      </p>
      <ol className="grid list-decimal gap-3 pl-5">
        <li className="grid gap-2">
          <span>
            On the machine that runs Kiln, in a folder with{' '}
            <code className="font-mono">drizzle-kit</code>
            {schema.data?.backend === 'pglite' && (
              <>
                {' '}
                and <code className="font-mono">@electric-sql/pglite</code>
              </>
            )}{' '}
            installed, save this as <code className="font-mono">drizzle.config.ts</code>:
          </span>
          {config ? (
            <div className="relative">
              <pre
                className="bg-muted overflow-x-auto rounded-md border p-3 pr-12 font-mono text-xs"
                data-testid="drizzle-config"
              >
                {config}
              </pre>
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-1.5 right-1.5"
                aria-label="Copy drizzle.config.ts"
                onClick={() => void copy()}
              >
                <Copy />
              </Button>
            </div>
          ) : (
            <p className="text-muted-foreground">
              {schema.isError ? 'The database settings could not be read.' : 'Loading...'}
            </p>
          )}
          {schema.data?.backend === 'pglite' ? (
            <p className="text-muted-foreground text-xs">
              DATA_DIR is the server&apos;s data folder (its DATA_DIR setting). A PGlite database
              opens in one process at a time: Kiln closes it a minute after its last query, so run
              no queries here while the studio has it open.
            </p>
          ) : schema.data?.backend === 'postgres' ? (
            <p className="text-muted-foreground text-xs">
              A project database lets in only its own role and the server&apos;s administrators: use
              an administrator account of the PROJECTS_DATABASE_URL server.
            </p>
          ) : null}
        </li>
        <li className="grid gap-2">
          <span>
            Run <code className="font-mono">npx drizzle-kit studio</code> there, then open the
            studio:
          </span>
          <Button asChild variant="outline" className="w-fit">
            <a href={DRIZZLE_STUDIO_URL} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden /> Open Drizzle Studio
            </a>
          </Button>
        </li>
      </ol>
    </div>
  );
}
