import { z } from 'zod';

/** The host a connection or a link uses when none is named. */
export const DEFAULT_GIT_HOST = 'https://github.com';
/** The branch a link or an import uses when none is named. */
export const DEFAULT_GIT_BRANCH = 'main';
/** The commit message of a push that names none. */
export const DEFAULT_PUSH_MESSAGE = 'Update from Kiln';
/** With auto-sync on, a push follows a save after this long, counted from the last save. */
export const AUTO_PUSH_DELAY_MS = 5_000;
/** How often the sync status is asked again while the dialog is open. */
export const GIT_DIFF_REFETCH_MS = 30_000;
/** The sync intervals a project may have, in milliseconds; 30 s by default. */
export const GIT_SYNC_INTERVALS = [10_000, 30_000, 60_000, 300_000] as const;
export const DEFAULT_GIT_SYNC_INTERVAL = 30_000;
/** The history lists this many of the latest operations. */
export const GIT_SYNC_HISTORY_LIMIT = 50;

const projectId = z.string({ error: 'projectId is required' }).min(1, 'projectId is required');

/** A host's base URL: http or https, origin and optional path prefix, nothing else. */
const BaseUrlSchema = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), 'baseUrl must be a URL such as https://github.com')
  .refine((value) => {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.search;
  }, 'baseUrl must be an http or https address without credentials or a query')
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * PUT /api/github/connection. `username` is for hosts whose Git server wants a user name with
 * the token (and whose account Kiln cannot ask an API for); GitHub, Gitea, Forgejo and GitLab
 * need none.
 */
export const GitConnectionInputSchema = z.object({
  baseUrl: BaseUrlSchema.optional(),
  token: z
    .string({ error: 'A token is required' })
    .trim()
    .min(1, 'A token is required')
    .max(4096, 'A token is at most 4096 characters'),
  username: z.string().trim().min(1).max(255).optional(),
});
export type GitConnectionInput = z.input<typeof GitConnectionInputSchema>;

/** What Kiln knows how to ask of a host beyond Git itself. */
export const GIT_HOST_KINDS = ['github', 'gitea', 'gitlab', 'git'] as const;
export type GitHostKind = (typeof GIT_HOST_KINDS)[number];

/** GET /api/github/connection: the host and the account, never the token. */
export const GitConnectionSchema = z.object({
  connected: z.boolean(),
  /** The host's name (github.com), or null when not connected. */
  host: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** The account the token belongs to, when the host says (GitHub, Gitea, GitLab). */
  account: z.string().nullable(),
  kind: z.enum(GIT_HOST_KINDS).nullable(),
  /** Whether GET /api/github/repos can list repositories; otherwise owner/repo is typed. */
  listsRepositories: z.boolean(),
  /** Whether "Sign in with GitHub" is offered (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET set). */
  oauthAvailable: z.boolean(),
  connectedAt: z.string().nullable(),
});
export type GitConnection = z.infer<typeof GitConnectionSchema>;

/** One repository of GET /api/github/repos. */
export const GitRepoSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  /** owner/repo. */
  fullName: z.string(),
  description: z.string().nullable(),
  private: z.boolean(),
  defaultBranch: z.string(),
  htmlUrl: z.string(),
});
export type GitRepo = z.infer<typeof GitRepoSchema>;
export const GitRepoListSchema = z.array(GitRepoSchema);

const SEGMENT = /^[A-Za-z0-9_.-]+$/;
/** An owner (a user, an organisation, or a GitLab group path with subgroups). */
const OwnerSchema = z
  .string({ error: 'owner is required' })
  .trim()
  .min(1, 'owner is required')
  .max(255, 'owner is at most 255 characters')
  .refine(
    (value) =>
      value.split('/').every((part) => SEGMENT.test(part) && part !== '.' && part !== '..'),
    'owner may hold letters, digits, ".", "-", "_" (and "/" between groups)',
  );
const RepoNameSchema = z
  .string({ error: 'repo is required' })
  .trim()
  .min(1, 'repo is required')
  .max(255, 'repo is at most 255 characters')
  .transform((value) => value.replace(/\.git$/, ''))
  .refine(
    (value) => SEGMENT.test(value) && value !== '.' && value !== '..',
    'repo may hold letters, digits, ".", "-" and "_"',
  );

/** Space, control characters and the characters Git forbids in a ref name. */
function hasForbiddenRefCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || '~^:?*[\\'.includes(char)) return true;
  }
  return false;
}

/** A branch name as `git check-ref-format --branch` accepts it. */
export const GitBranchNameSchema = z
  .string({ error: 'branch is required' })
  .trim()
  .min(1, 'branch is required')
  .max(255, 'branch is at most 255 characters')
  .refine(
    (value) =>
      !hasForbiddenRefCharacter(value) &&
      !value.startsWith('/') &&
      !value.startsWith('-') &&
      !value.endsWith('/') &&
      !value.endsWith('.') &&
      !value.endsWith('.lock') &&
      !value.includes('..') &&
      !value.includes('//') &&
      !value.includes('@{') &&
      value !== '@' &&
      value.split('/').every((part) => !part.startsWith('.')),
    'branch is not a valid Git branch name',
  );

/**
 * POST /api/github/link and /import: owner and repo on the connected host (GitHub when none is
 * connected). `url` (https://host/owner/repo) may name both instead, and the host with them;
 * importing a public repository that way needs no connection.
 */
export const GitRepoTargetInputSchema = z
  .object({
    projectId,
    owner: OwnerSchema.optional(),
    repo: RepoNameSchema.optional(),
    url: z.string().trim().max(2048).optional(),
    branch: GitBranchNameSchema.optional(),
  })
  .refine((input) => input.url !== undefined || (input.owner && input.repo), {
    message: 'owner and repo are required',
  });
export type GitRepoTargetInput = z.input<typeof GitRepoTargetInputSchema>;

/** POST /api/github/push. An absent message is DEFAULT_PUSH_MESSAGE; a blank one is refused. */
export const GitPushInputSchema = z.object({
  projectId,
  message: z
    .string()
    .trim()
    .min(1, 'A commit message is required')
    .max(10_000, 'A commit message is at most 10,000 characters')
    .default(DEFAULT_PUSH_MESSAGE),
});
export type GitPushInput = z.input<typeof GitPushInputSchema>;

export const GitPushResultSchema = z.object({
  message: z.string(),
  /** The commit the branch now points at on the remote. */
  commitSha: z.string().nullable(),
  /** Files the push added, changed or removed on the remote. */
  filesChanged: z.array(z.string()),
});
export type GitPushResult = z.infer<typeof GitPushResultSchema>;

export const GitProjectInputSchema = z.object({ projectId });

/** POST /api/github/import: what the import did to the project's files. */
export const GitImportResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  /** Links, submodules and files too large for Kiln: kept in the repository only. */
  heldBack: z.number().int(),
  commitSha: z.string(),
});
export type GitImportResult = z.infer<typeof GitImportResultSchema>;

/** POST /api/github/link. */
export const GitLinkResultSchema = z.object({ message: z.string() });

/**
 * A file changed on both sides since the last sync. A null content
 * is a side that deleted the file; `binary` files carry no content, and are resolved by `side`.
 */
export const GitConflictSchema = z.object({
  path: z.string(),
  localContent: z.string().nullable(),
  remoteContent: z.string().nullable(),
  binary: z.boolean(),
});
export type GitConflict = z.infer<typeof GitConflictSchema>;

/** POST /api/github/pull. */
export const GitPullResultSchema = z.object({
  message: z.string(),
  conflicts: z.number().int(),
  conflictedFiles: z.array(GitConflictSchema),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  /** The remote commit merged in, or null when the branch has none. */
  commitSha: z.string().nullable(),
});
export type GitPullResult = z.infer<typeof GitPullResultSchema>;

export const GIT_SYNC_STATUSES = ['in-sync', 'behind', 'ahead', 'diverged', 'conflicts'] as const;
export type GitSyncStatus = (typeof GIT_SYNC_STATUSES)[number];

/**
 * GET /api/github/diff/{projectId}. behindBy counts the remote's commits not pulled yet;
 * aheadBy counts the files changed here since the last sync (one push commits them all).
 * `conflicts`: a pull left conflicts that are not resolved yet.
 */
export const GitDiffStatusSchema = z.object({
  status: z.enum(GIT_SYNC_STATUSES),
  comparison: z.object({ behindBy: z.number().int(), aheadBy: z.number().int() }),
  lastSyncedAt: z.string().nullable(),
  /** The commit last pushed or pulled, and the remote branch's commit now. */
  syncedCommitSha: z.string().nullable(),
  remoteCommitSha: z.string().nullable(),
  /** The paths still in conflict, while status is `conflicts`. */
  conflictedPaths: z.array(z.string()),
});
export type GitDiffStatus = z.infer<typeof GitDiffStatusSchema>;

/** GET /api/github/branches/{projectId}. */
export const GitBranchListSchema = z.object({
  currentBranch: z.string(),
  branches: z.array(z.object({ name: z.string(), protected: z.boolean() })),
});
export type GitBranchList = z.infer<typeof GitBranchListSchema>;

export const GitSwitchBranchInputSchema = z.object({ projectId, branch: GitBranchNameSchema });
export type GitSwitchBranchInput = z.input<typeof GitSwitchBranchInputSchema>;

export const GIT_SYNC_INTERVAL_MESSAGE = `syncInterval must be one of ${GIT_SYNC_INTERVALS.join(', ')}`;

/** PATCH /api/github/settings/{projectId}: either or both. */
export const GitSyncSettingsInputSchema = z
  .object({
    autoSyncEnabled: z.boolean({ error: 'autoSyncEnabled must be true or false' }).optional(),
    syncInterval: z
      .number({ error: GIT_SYNC_INTERVAL_MESSAGE })
      .refine(
        (value) => (GIT_SYNC_INTERVALS as readonly number[]).includes(value),
        GIT_SYNC_INTERVAL_MESSAGE,
      )
      .optional(),
  })
  .refine((input) => input.autoSyncEnabled !== undefined || input.syncInterval !== undefined, {
    message: 'Send autoSyncEnabled or syncInterval',
  });
export type GitSyncSettingsInput = z.input<typeof GitSyncSettingsInputSchema>;

export const GitSyncSettingsSchema = z.object({
  message: z.string(),
  autoSyncEnabled: z.boolean(),
  syncInterval: z.number().int(),
});
export type GitSyncSettings = z.infer<typeof GitSyncSettingsSchema>;

export const GIT_SYNC_OPERATIONS = ['push', 'pull', 'resolve-conflict'] as const;
export type GitSyncOperation = (typeof GIT_SYNC_OPERATIONS)[number];
export const GIT_SYNC_OUTCOMES = ['success', 'conflict', 'error'] as const;
export type GitSyncOutcome = (typeof GIT_SYNC_OUTCOMES)[number];

/** One entry of GET /api/github/sync-history/{projectId}, newest first. */
export const GitSyncHistoryEntrySchema = z.object({
  id: z.string(),
  operation: z.enum(GIT_SYNC_OPERATIONS),
  status: z.enum(GIT_SYNC_OUTCOMES),
  message: z.string(),
  files_changed: z.array(z.string()),
  created_at: z.string(),
  commit_sha: z.string().nullable(),
});
export type GitSyncHistoryEntry = z.infer<typeof GitSyncHistoryEntrySchema>;
export const GitSyncHistorySchema = z.array(GitSyncHistoryEntrySchema);

/**
 * One conflict's outcome: the text to keep (null deletes the file), or the side to take whole
 * (the only way for a binary file).
 */
export const GitResolutionSchema = z
  .object({
    path: z.string({ error: 'path is required' }).min(1, 'path is required'),
    content: z.string().nullable().optional(),
    side: z.enum(['local', 'remote']).optional(),
  })
  .refine((resolution) => resolution.content !== undefined || resolution.side !== undefined, {
    message: 'Each resolution needs content or side',
  });
export type GitResolution = z.input<typeof GitResolutionSchema>;

/** POST /api/github/resolve-conflicts: one resolution per conflict of the last pull. */
export const GitResolveConflictsInputSchema = z.object({
  projectId,
  resolutions: z.array(GitResolutionSchema).min(1, 'Send one resolution per conflict'),
});
export type GitResolveConflictsInput = z.input<typeof GitResolveConflictsInputSchema>;

export const GitResolveResultSchema = z.object({
  message: z.string(),
  commitSha: z.string().nullable(),
  resolved: z.number().int(),
});
export type GitResolveResult = z.infer<typeof GitResolveResultSchema>;
