import { DEFAULT_GIT_HOST, type GitConnection, type GitConnectionInput } from '@kiln/shared';
import { LogIn } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { messageOf } from '../../lib/api-error';
import { useConnectGitHost } from './api/connect-git-host';

type HostChoice = 'github' | 'other';

/**
 * Connects GitHub with a personal access token (or by signing in, when the server offers it),
 * or any other host by its address and a token. The token is sent once and never shown again.
 */
export function ConnectHostForm({
  oauthAvailable,
  oauthStartUrl,
  replacing,
}: {
  oauthAvailable: boolean;
  /** Where "Connect with GitHub" starts, coming back to this page. */
  oauthStartUrl: string;
  /** A connection exists: connecting again replaces it. */
  replacing: boolean;
}) {
  const id = useId();
  const connect = useConnectGitHost();
  const [host, setHost] = useState<HostChoice>('github');
  const [baseUrl, setBaseUrl] = useState('');
  const [token, setToken] = useState('');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (host === 'other' && !baseUrl.trim()) {
      setError('Enter the host’s address, such as https://gitea.example.com');
      return;
    }
    if (!token.trim()) {
      setError('A token is required');
      return;
    }
    setError(undefined);
    const input: GitConnectionInput = {
      token: token.trim(),
      ...(host === 'other' ? { baseUrl: baseUrl.trim() } : { baseUrl: DEFAULT_GIT_HOST }),
      ...(host === 'other' && username.trim() ? { username: username.trim() } : {}),
    };
    connect.mutate(input, {
      onSuccess: (connection: GitConnection) => {
        // Never kept in the page once the server has it.
        setToken('');
        toast({
          title: 'Git host connected',
          description: `Connected to ${connection.host}${connection.account ? ` as ${connection.account}` : ''}.`,
          variant: 'success',
        });
      },
      onError: (failure) => {
        const message = messageOf(failure, 'Failed to connect the Git host');
        setError(message);
        toast({ title: 'Connection failed', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {replacing ? 'Connect another host or token' : 'Connect a Git host'}
      </h2>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Host</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['github', 'GitHub', 'github.com, with a personal access token'],
              ['other', 'Another host', 'Gitea, Forgejo, GitLab or any Git server over HTTPS'],
            ] as const
          ).map(([value, label, note]) => (
            <label
              key={value}
              className={cn(
                'hover:bg-muted/60 flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm',
                host === value && 'border-primary bg-muted/60',
              )}
            >
              <input
                type="radio"
                name={`${id}-host`}
                value={value}
                checked={host === value}
                onChange={() => {
                  setHost(value);
                  setError(undefined);
                }}
                className="accent-primary mt-0.5"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{label}</span>
                <span className="text-muted-foreground text-xs">{note}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {host === 'github' && oauthAvailable && (
        <div className="grid gap-2">
          <Button asChild variant="outline" className="justify-self-start">
            <a href={oauthStartUrl}>
              <LogIn aria-hidden /> Connect with GitHub
            </a>
          </Button>
          <p className="text-muted-foreground text-xs">Or paste a personal access token:</p>
        </div>
      )}

      {host === 'other' && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-url`}>Host address</Label>
          <Input
            id={`${id}-url`}
            type="url"
            value={baseUrl}
            placeholder="https://gitea.example.com"
            autoComplete="url"
            spellCheck={false}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-token`}>Personal access token</Label>
        <Input
          id={`${id}-token`}
          type="password"
          value={token}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-token-note${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setToken(event.target.value)}
        />
        <p id={`${id}-token-note`} className="text-muted-foreground text-xs">
          {host === 'github'
            ? 'A token with the repo scope (classic) or contents read and write (fine-grained).'
            : 'A token that may read and write the repositories you will link.'}{' '}
          Kiln stores it encrypted and never shows it again.
        </p>
      </div>
      {host === 'other' && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-user`}>User name (optional)</Label>
          <Input
            id={`${id}-user`}
            value={username}
            autoComplete="username"
            spellCheck={false}
            aria-describedby={`${id}-user-note`}
            onChange={(event) => setUsername(event.target.value)}
          />
          <p id={`${id}-user-note`} className="text-muted-foreground text-xs">
            Only for a Git server that wants a user name with the token.
          </p>
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting...' : 'Connect'}
        </Button>
      </div>
    </form>
  );
}
