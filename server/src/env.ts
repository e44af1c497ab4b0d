import os from 'node:os';
import path from 'node:path';
import { formatStorageSize, PLANS, SUBSCRIPTION_PLANS, TERMINAL_LIMITS } from '@kiln/shared';
import { z } from 'zod';
import { SECRET_KEY_MIN_LENGTH } from './lib/secret-key';
import { defaultPreviewOrigin, previewOriginProblems } from './preview-origin';

/**
 * The only reader of process.env, so settings are read and checked in one place. Every setting
 * has a working default for one machine; `describeEnv` feeds the README's configuration table.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (label: string) =>
  optionalString.refine((value) => value === undefined || URL.canParse(value), {
    message: `${label} must be a URL`,
  });

const port = <Fallback extends number | undefined>(fallback: Fallback) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .transform((value): number | Fallback => value ?? fallback);

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().optional().default(fallback);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(5000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  PREVIEW_PORT: port(undefined),
  PREVIEW_ORIGIN: optionalUrl('PREVIEW_ORIGIN'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  PROJECTS_DATABASE_URL: optionalUrl('PROJECTS_DATABASE_URL'),
  REDIS_URL: optionalUrl('REDIS_URL'),
  JOB_CONCURRENCY: positiveInt(4),
  SECRET_KEY: optionalString.refine(
    (value) => value === undefined || value.length >= SECRET_KEY_MIN_LENGTH,
    { message: `SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters` },
  ),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().trim().min(3).default('Kiln <no-reply@kiln.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  SESSION_IDLE_HOURS: positiveInt(24 * 7),
  SESSION_MAX_DAYS: positiveInt(30),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).optional().default(5),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  LOGIN_FAILURES_PER_ACCOUNT: positiveInt(5),
  LOGIN_LOCKOUT_MINUTES: positiveInt(15),
  AUDIT_RETENTION_DAYS: positiveInt(365),
  SANDBOX: z.enum(['auto', 'bubblewrap', 'quickjs']).default('auto'),
  SANDBOX_CGROUPS: z.enum(['auto', 'off']).default('auto'),
  SANDBOX_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).optional().default(1024),
  EXEC_CONCURRENCY: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .transform((value) => value ?? os.availableParallelism()),
  EXEC_QUEUE_LENGTH: z.coerce.number().int().min(0).optional().default(8),
  TERMINAL_IDLE_MINUTES: z.coerce.number().positive().optional().default(15),
  TERMINAL_RESUME_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .optional()
    .default(TERMINAL_LIMITS.resumeSeconds),
  DEV_SERVERS_MAX: positiveInt(8),
  DEV_SERVER_IDLE_MINUTES: z.coerce.number().positive().optional().default(15),
  EXEC_PYTHON: z.string().trim().min(1).default('python3'),
  NPM_REGISTRY_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'NPM_REGISTRY_URL must be a URL' })
    .default('https://registry.npmjs.org'),
  PIP_INDEX_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'PIP_INDEX_URL must be a URL' })
    .default('https://pypi.org/simple'),
  INSTALL_TIMEOUT_SECONDS: positiveInt(300),
  INSTALL_MAX_MB: positiveInt(1024),
  INSTALL_MAX_FILES: positiveInt(100_000),
  INSTALL_CONCURRENCY: positiveInt(2),
  PROJECT_MAX_MB: z.coerce.number().positive().optional(),
  PROJECT_MAX_FILES: z.coerce.number().int().positive().optional(),
  DISK_FREE_WARNING_MB: positiveInt(1024),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_ENTERPRISE: optionalString,
  STRIPE_API_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'STRIPE_API_URL must be a URL' })
    .default('https://api.stripe.com'),
  GITHUB_API_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'GITHUB_API_URL must be a URL' })
    .default('https://api.github.com'),
  GIT_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_OAUTH_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'GITHUB_OAUTH_URL must be a URL' })
    .default('https://github.com'),
  VERCEL_API_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'VERCEL_API_URL must be a URL' })
    .default('https://api.vercel.com'),
  NETLIFY_API_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'NETLIFY_API_URL must be a URL' })
    .default('https://api.netlify.com'),
  RAILWAY_API_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), { message: 'RAILWAY_API_URL must be a URL' })
    .default('https://backboard.railway.app'),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl('ANTHROPIC_BASE_URL'),
  ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-sonnet-4-5'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4.1'),
  AI_AGENT_MAX_STEPS: positiveInt(25),
  AI_TURN_TOKEN_BUDGET: positiveInt(400_000),
  AI_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  AI_IDLE_TIMEOUT_SECONDS: positiveInt(60),
  AGENT_ARCHITECT_MODEL: optionalString,
  AGENT_DEVELOP_MODEL: optionalString,
  AGENT_REVIEW_MODEL: optionalString,
  AGENT_TEST_MODEL: optionalString,
  AGENT_DEBUG_MODEL: optionalString,
});

type ParsedEnv = z.infer<typeof EnvSchema>;

export interface Env extends Omit<
  ParsedEnv,
  'DATA_DIR' | 'PUBLIC_URL' | 'PREVIEW_PORT' | 'PREVIEW_ORIGIN'
> {
  /** Absolute path. */
  DATA_DIR: string;
  /** Origin the app is reached at; links in emails use it. */
  PUBLIC_URL: string;
  /** Port of the preview server. */
  PREVIEW_PORT: number;
  /**
   * Origin under whose host previews are reached (no trailing slash): each project's are at
   * `p-<project id>.` before its host. Never the app's origin, never an IP address.
   */
  PREVIEW_ORIGIN: string;
  isProduction: boolean;
}

/** Each plan's storage per project, as the settings table names it: "5 GB Free, 50 GB Pro, …". */
function planStorage(measure: 'bytes' | 'entries'): string {
  return SUBSCRIPTION_PLANS.map((plan) => {
    const limit = PLANS[plan].storage[measure];
    const figure = measure === 'bytes' ? formatStorageSize(limit) : limit.toLocaleString('en-US');
    return `${figure} ${PLANS[plan].name}`;
  }).join(', ');
}

export const ENV_DOCS: Record<keyof ParsedEnv, { default: string; description: string }> = {
  NODE_ENV: {
    default: '`development` (`npm start` sets `production`)',
    description: 'Runtime mode; production serves the built client and logs JSON.',
  },
  PORT: { default: '`5000`', description: 'Port for the app and the API.' },
  HOST: { default: '`127.0.0.1`', description: 'Interface to listen on (`0.0.0.0` for all).' },
  PUBLIC_URL: {
    default: '`http://HOST:PORT`',
    description: 'Public origin of the app, used in links sent by email.',
  },
  PREVIEW_PORT: {
    default: '`PORT` + 1',
    description:
      'Port of the preview server, which serves project previews on an origin of their own.',
  },
  PREVIEW_ORIGIN: {
    default: '`PUBLIC_URL` on `PREVIEW_PORT`, under `localhost` for loopback apps',
    description:
      'Each project previews at `p-<project id>.` before its host: a name with wildcard DNS, not an IP address. With an https `PUBLIC_URL`, another registrable domain, e.g. `https://kiln-preview.example`.',
  },
  DATA_DIR: {
    default: '`./data`',
    description:
      "Holds the embedded database (`db/`), the SQL runner's project databases (`project-databases/`), the generated `secret.key` and the dev mail outbox (`outbox/`).",
  },
  DATABASE_URL: {
    default: 'unset (embedded PGlite in `DATA_DIR/db`)',
    description:
      'PostgreSQL (13 or later) connection string; replaces the embedded database. Its owner must be able to create the contrib extensions `pg_trgm` and `btree_gin`.',
  },
  PROJECTS_DATABASE_URL: {
    default: 'unset (PGlite per project in `DATA_DIR/project-databases`)',
    description:
      "PostgreSQL server for the SQL runner: a database and a role per project, never the app's. Its account needs CREATEDB and CREATEROLE; PUBLIC's CONNECT on its database is revoked.",
  },
  REDIS_URL: {
    default: 'unset (jobs kept in the application database)',
    description:
      'Redis for background jobs (BullMQ), shared by every instance; lets `--role=web` and `--role=worker` run apart.',
  },
  JOB_CONCURRENCY: {
    default: '`4`',
    description: 'Background jobs (mail, AI generation, upkeep) one worker runs at once.',
  },
  SECRET_KEY: {
    default: 'unset (generated once into `DATA_DIR/secret.key`, mode 0600)',
    description:
      'At least 32 characters. Signs preview links and will encrypt stored secrets; every instance of one deployment needs the same value.',
  },
  ADMIN_EMAILS: {
    default: 'unset',
    description: 'Comma-separated emails that are administrators (the first account always is).',
  },
  SMTP_URL: {
    default: 'unset (mail goes to `DATA_DIR/outbox`, links printed to the log)',
    description:
      'SMTP server for verification and password reset mail, e.g. `smtp://user:pass@host:587`.',
  },
  MAIL_FROM: { default: '`Kiln <no-reply@kiln.localhost>`', description: 'Sender of Kiln mail.' },
  LOG_LEVEL: {
    default: '`info`',
    description: 'fatal, error, warn, info, debug, trace or silent.',
  },
  TRUST_PROXY: {
    default: '`false`',
    description: 'Set `true` behind a reverse proxy so client IPs and https are read from it.',
  },
  SESSION_IDLE_HOURS: {
    default: '`168`',
    description: 'A session unused for this long ends.',
  },
  SESSION_MAX_DAYS: { default: '`30`', description: 'A session ends this long after sign-in.' },
  SESSION_CACHE_SECONDS: {
    default: '`5`',
    description:
      'How long an instance trusts a session it checked (0 never, at most 60); a sign-out reaches every instance at once.',
  },
  AUTH_RATE_LIMIT_PER_MINUTE: {
    default: '`30`',
    description:
      'Requests per IP per minute to each sign-in, registration, verification and password-reset endpoint.',
  },
  LOGIN_FAILURES_PER_ACCOUNT: {
    default: '`5`',
    description: 'Failed sign-ins on one account before it is locked for a while.',
  },
  LOGIN_LOCKOUT_MINUTES: {
    default: '`15`',
    description: 'Window over which failed sign-ins are counted, and the lockout length.',
  },
  AUDIT_RETENTION_DAYS: {
    default: '`365`',
    description:
      'Days an audit log entry is kept (sign-ins, plan and role changes, members, secrets by name, Git, terminals); older ones are removed every 6 hours.',
  },
  SANDBOX: {
    default: '`auto`',
    description:
      'How code runs: `bubblewrap` (real Node and Python, isolated; refuses to start without it), `quickjs` (JavaScript only, in WebAssembly) or `auto` (bubblewrap if its start-up self-test passes).',
  },
  SANDBOX_CGROUPS: {
    default: '`auto`',
    description:
      'With bubblewrap, each sandbox gets control groups (cgroup v1 cpu, memory, pids; a root server, most often) holding it to `SANDBOX_MEMORY_MB` and 256 tasks in all, and all sandboxes to half the CPU weight of a server process; `off` leaves only the per-process limits.',
  },
  SANDBOX_MEMORY_MB: {
    default: '`1024`',
    description:
      'Memory of one sandbox (a run, a shell, an install, a running app) with all its processes, where control groups hold it; past it the kernel ends one of its processes.',
  },
  EXEC_CONCURRENCY: {
    default: 'the number of CPU cores',
    description: 'Programs running at once on this server.',
  },
  EXEC_QUEUE_LENGTH: {
    default: '`8`',
    description: 'Runs that may wait for a free slot; past that a run is refused with 429.',
  },
  TERMINAL_IDLE_MINUTES: {
    default: '`15`',
    description:
      'A terminal with no input and no output for this long is closed (its shell ends); fractions allowed.',
  },
  TERMINAL_RESUME_SECONDS: {
    default: '`300`',
    description:
      'A terminal whose connection dropped keeps its shell running this long for the tab to reconnect to it (0 ends it at once, 3600 at most).',
  },
  DEV_SERVERS_MAX: {
    default: '`8`',
    description:
      "Dev servers (a project's app started by Run) running at once on this server; past that a start is refused with 429.",
  },
  DEV_SERVER_IDLE_MINUTES: {
    default: '`15`',
    description:
      'A dev server whose preview has had no request for this long is stopped; fractions allowed.',
  },
  EXEC_PYTHON: {
    default: '`python3`',
    description:
      'Python used for `.py` files, looked up on `PATH` (a root server falls back to `/usr/bin/python3` if runs cannot reach it).',
  },
  NPM_REGISTRY_URL: {
    default: '`https://registry.npmjs.org`',
    description:
      "The npm registry package installs and the terminal reach, through Kiln's registry proxy (never directly).",
  },
  PIP_INDEX_URL: {
    default: '`https://pypi.org/simple`',
    description:
      'The Python package index (PEP 503 or 691) installs reach through the same proxy; wheels only.',
  },
  INSTALL_TIMEOUT_SECONDS: {
    default: '`300`',
    description: 'Wall-clock limit of one package install; past it the install is stopped.',
  },
  INSTALL_MAX_MB: {
    default: '`1024`',
    description:
      'Largest `node_modules` or `.venv` an install may leave; a larger one is removed and the install fails.',
  },
  INSTALL_MAX_FILES: {
    default: '`100000`',
    description: 'Most files an install may leave in `node_modules` or `.venv`.',
  },
  INSTALL_CONCURRENCY: {
    default: '`2`',
    description:
      'Package installs running at once on this server (one per project); past that an install is refused with 429.',
  },
  PROJECT_MAX_MB: {
    default: `unset (each plan's own: ${planStorage('bytes')})`,
    description:
      "Lowers every plan's storage per project to this many MB (fractions allowed), for a server with less disk than the plans sell; never raises a plan's. A write past it is refused whole.",
  },
  PROJECT_MAX_FILES: {
    default: `unset (each plan's own: ${planStorage('entries')})`,
    description:
      "Lowers every plan's files and folders per project to this many; never raises a plan's. A write past it is refused whole.",
  },
  DISK_FREE_WARNING_MB: {
    default: '`1024`',
    description:
      "Free space on `DATA_DIR`'s disk below which `/api/health` warns (`disk.ok` false). A write that finds the disk full is refused with 507 and changes nothing.",
  },
  STRIPE_SECRET_KEY: {
    default: 'unset (checkout answers 503)',
    description:
      'Stripe secret key. Paid plans are sold when it, `STRIPE_PUBLISHABLE_KEY` and both prices are set.',
  },
  STRIPE_PUBLISHABLE_KEY: {
    default: 'unset',
    description: 'Stripe publishable key, given to the subscribe page to load the payment form.',
  },
  STRIPE_WEBHOOK_SECRET: {
    default: 'unset (the webhook answers 503)',
    description:
      'Signing secret of the webhook endpoint `POST /api/stripe/webhook`; plans change only from events it verifies.',
  },
  STRIPE_PRICE_PRO: {
    default: 'unset',
    description: 'Stripe price id of the Pro plan (£19/month).',
  },
  STRIPE_PRICE_ENTERPRISE: {
    default: 'unset',
    description: 'Stripe price id of the Enterprise plan (£99/month).',
  },
  STRIPE_API_URL: {
    default: '`https://api.stripe.com`',
    description: "Stripe's API origin; tests point it at a local stand-in.",
  },
  GITHUB_API_URL: {
    default: '`https://api.github.com`',
    description:
      "GitHub's REST API (account name, repository list, protected branches); tests point it at a local stand-in.",
  },
  GIT_PRIVATE_HOSTS: {
    default: 'unset (none)',
    description:
      'Git hosts on a private network or this machine that people may connect to, comma-separated `host` or `host:port` (a self-hosted Gitea on the LAN). Others that resolve to such addresses are refused.',
  },
  GITHUB_CLIENT_ID: {
    default: 'unset (people paste a personal access token)',
    description:
      'Client id of a GitHub OAuth app; with `GITHUB_CLIENT_SECRET`, the Git settings offer Sign in with GitHub.',
  },
  GITHUB_CLIENT_SECRET: {
    default: 'unset',
    description: 'Client secret of that GitHub OAuth app.',
  },
  GITHUB_OAUTH_URL: {
    default: '`https://github.com`',
    description:
      'Where Sign in with GitHub sends people and exchanges their code (GitHub Enterprise: its own origin); tests point it at a stand-in.',
  },
  VERCEL_API_URL: {
    default: '`https://api.vercel.com`',
    description:
      "Vercel's REST API, which Deploy now uploads a project's files to; tests point it at a local stand-in.",
  },
  NETLIFY_API_URL: {
    default: '`https://api.netlify.com`',
    description:
      "Netlify's REST API, which Deploy now sends a project's files to as a zip; tests point it at a local stand-in.",
  },
  RAILWAY_API_URL: {
    default: '`https://backboard.railway.app`',
    description:
      "Railway's public GraphQL API (`/graphql/v2` on it), which Deploy now asks to build the project's linked GitHub repository; tests point it at a local stand-in.",
  },
  ANTHROPIC_API_KEY: {
    default: 'unset',
    description:
      'Anthropic API key. With it the AI assistant, the agent and project generation use Claude.',
  },
  ANTHROPIC_BASE_URL: {
    default: '`https://api.anthropic.com/v1`',
    description: "Anthropic's API origin and path, for a proxy or gateway.",
  },
  ANTHROPIC_MODEL: {
    default: '`claude-sonnet-4-5`',
    description: 'The Claude model Kiln asks.',
  },
  OPENAI_API_KEY: {
    default: 'unset',
    description:
      'OpenAI API key. With it (or with `OPENAI_BASE_URL`) the AI features can use OpenAI models.',
  },
  OPENAI_BASE_URL: {
    default: 'unset (OpenAI itself)',
    description:
      'Any server that speaks the Chat Completions API, tool calls included: Ollama (`http://127.0.0.1:11434/v1`), llama.cpp, vLLM or LM Studio. The key is optional then.',
  },
  OPENAI_MODEL: {
    default: '`gpt-4.1`',
    description: 'The model Kiln asks of OpenAI or of the server at `OPENAI_BASE_URL`.',
  },
  AI_AGENT_MAX_STEPS: {
    default: '`25`',
    description: 'Model calls one agent turn may make before Kiln stops it.',
  },
  AI_TURN_TOKEN_BUDGET: {
    default: '`400000`',
    description: 'Tokens (in and out) one agent turn may spend before Kiln stops it.',
  },
  AI_RATE_LIMIT_PER_MINUTE: {
    default: '`20`',
    description: 'AI requests (chat, agent, generation) per user per minute.',
  },
  AI_IDLE_TIMEOUT_SECONDS: {
    default: '`60`',
    description: 'A model that sends nothing for this long is given up on, and the person told so.',
  },
  AGENT_ARCHITECT_MODEL: {
    default: 'unset (the default model)',
    description:
      'The model that plans an orchestration (a strong model pays off here): `anthropic:<model>`, `openai:<model>`, or a model id of the default provider.',
  },
  AGENT_DEVELOP_MODEL: {
    default: 'unset (the default model)',
    description:
      'The model that writes the code of an orchestration and answers the quick actions: `anthropic:<model>`, `openai:<model>`, or a model id of the default provider.',
  },
  AGENT_REVIEW_MODEL: {
    default: 'unset (the default model)',
    description:
      'The model that reviews code (a fast model is usually enough): `anthropic:<model>`, `openai:<model>`, or a model id of the default provider.',
  },
  AGENT_TEST_MODEL: {
    default: 'unset (the default model)',
    description:
      'The model that writes tests: `anthropic:<model>`, `openai:<model>`, or a model id of the default provider.',
  },
  AGENT_DEBUG_MODEL: {
    default: 'unset (the default model)',
    description:
      'The model that diagnoses a failed run or test: `anthropic:<model>`, `openai:<model>`, or a model id of the default provider.',
  },
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const publicUrl = (env.PUBLIC_URL ?? `http://${displayHost}:${env.PORT}`).replace(/\/+$/, '');
  const previewPort = env.PREVIEW_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);
  const previewOrigin = env.PREVIEW_ORIGIN ?? defaultPreviewOrigin(publicUrl, previewPort);

  const problems: string[] = [];
  if (previewPort > 65535) problems.push('PREVIEW_PORT: PORT + 1 is not a port; set PREVIEW_PORT');
  if (previewPort !== 0 && previewPort === env.PORT) {
    problems.push('PREVIEW_PORT: must differ from PORT');
  }
  problems.push(
    ...previewOriginProblems({
      publicUrl,
      previewOrigin,
      configured: env.PREVIEW_ORIGIN !== undefined,
    }),
  );
  if (problems.length > 0) throw new EnvError(problems);
  const preview = new URL(previewOrigin);

  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: publicUrl,
    PREVIEW_PORT: previewPort,
    PREVIEW_ORIGIN: preview.origin,
    isProduction: env.NODE_ENV === 'production',
  };
}
