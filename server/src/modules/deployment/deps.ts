import type { DeployPlatform } from '@kiln/shared';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import type { SecretBox } from '../../lib/secret-box';

export interface DeploymentDeps {
  db: Database;
  /** Seals API keys, under a key of their own (deriveKey(secret, 'deploy-keys')). */
  secrets: SecretBox;
  jobs: JobQueue;
  /** Each platform's API origin: VERCEL_API_URL, NETLIFY_API_URL, RAILWAY_API_URL. */
  apiUrls: Record<DeployPlatform, string>;
  /** Between two looks at a running build. */
  pollIntervalMs: number;
  /** How long Kiln follows a build before calling the deploy failed. */
  buildTimeoutMs: number;
}
