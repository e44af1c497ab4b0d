import {
  DEPLOY_CONFIG_REQUIRED_MESSAGE,
  DEPLOY_PLATFORM_NAMES,
  DEPLOY_PLATFORMS,
  DeployPlatformSchema,
  type DeployPlatform,
} from '@kiln/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useSaveDeploymentConfig } from './api';

/** Where each platform's key is made, said beside the key field. */
const KEY_SOURCE: Record<DeployPlatform, string> = {
  vercel: 'A token from Vercel: Account Settings, Tokens.',
  netlify: 'A personal access token from Netlify: User settings, Applications.',
  railway: 'An account token from Railway: Account Settings, Tokens.',
};

/** Platform, project name and API key; saving replaces the platform's configuration. */
export function ConfigForm({ projectId }: { projectId: string }) {
  const save = useSaveDeploymentConfig(projectId);
  const [platform, setPlatform] = useState<DeployPlatform>('vercel');
  const [projectName, setProjectName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { platform, projectName: projectName.trim(), apiKey: apiKey.trim() };
    if (!input.projectName || !input.apiKey) {
      setError(DEPLOY_CONFIG_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Configuration saved', variant: 'success' });
        setApiKey('');
      },
      onError: (failure) => {
        const message = messageOf(failure, 'Failed to save deployment configuration');
        setError(message);
        toast({ title: 'Configuration failed', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate aria-label="Deployment configuration">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-platform`}>Platform</Label>
          <Select
            id={`${id}-platform`}
            value={platform}
            onChange={(event) => setPlatform(DeployPlatformSchema.parse(event.target.value))}
          >
            {DEPLOY_PLATFORMS.map((option) => (
              <option key={option} value={option}>
                {DEPLOY_PLATFORM_NAMES[option]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>Project name</Label>
          <Input
            id={`${id}-name`}
            value={projectName}
            placeholder="my-site"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setProjectName(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-key`}>API key</Label>
        <Input
          id={`${id}-key`}
          type="password"
          value={apiKey}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          aria-describedby={`${id}-key-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <p id={`${id}-key-hint`} className="text-muted-foreground text-xs">
          {KEY_SOURCE[platform]} Stored encrypted; Kiln never shows it again.
        </p>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
