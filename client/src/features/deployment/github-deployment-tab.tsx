import { DEPLOY_PLATFORM_NAMES, DEPLOY_PLATFORMS, type DeployPlatform } from '@kiln/shared';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { deployLink, type LinkedRepository } from './deploy-links';

const WHAT_EACH_DOES: Record<DeployPlatform, string> = {
  vercel: 'Imports the repository into a new Vercel project and deploys it.',
  netlify: 'Creates a Netlify site that builds from the repository.',
  railway: 'Creates a Railway project with a service building the repository.',
};

/**
 * Each platform's own import page for the linked repository: the person signs in there, and
 * Kiln holds no key. Without a linked repository every button says what to do first.
 */
export function GitHubDeploymentTab({ repository }: { repository: LinkedRepository | null }) {
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">
        {repository ? (
          <>
            Deploys{' '}
            <span className="text-foreground font-mono">
              {repository.owner}/{repository.repo}
            </span>{' '}
            from GitHub; each platform asks you to sign in.
          </>
        ) : (
          'Link this project to a GitHub repository (the GitHub button in the header) to deploy it from there.'
        )}
      </p>
      <ul className="grid gap-2" aria-label="Deploy from GitHub">
        {DEPLOY_PLATFORMS.map((platform) => (
          <li key={platform} className="flex items-center gap-4 rounded-md border p-3">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{DEPLOY_PLATFORM_NAMES[platform]}</p>
              <p className="text-muted-foreground text-xs">{WHAT_EACH_DOES[platform]}</p>
            </div>
            {repository ? (
              <Button asChild variant="outline" size="sm" className="shrink-0">
                <a
                  href={deployLink(platform, repository)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Deploy to {DEPLOY_PLATFORM_NAMES[platform]} <ExternalLink aria-hidden />
                </a>
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                disabled
                aria-label={`${DEPLOY_PLATFORM_NAMES[platform]}: Link GitHub First`}
              >
                Link GitHub First
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
