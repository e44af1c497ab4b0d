import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DeploymentState,
  DeployPlatform,
  GenerationState,
  MemberRole,
  OrchestrationState,
  SubscriptionPlan,
  SubscriptionStatus,
} from '@kiln/shared';
import { bytea } from './bytea';

/** Texts up to this size are in the search index (files_content_trigram_idx). */
export const SEARCH_INDEX_MAX_BYTES = 262_144;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    subscriptionPlan: text('subscription_plan').$type<SubscriptionPlan>().notNull().default('free'),
    subscriptionStatus: text('subscription_status')
      .$type<SubscriptionStatus>()
      .notNull()
      .default('free'),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The Stripe customer a checkout created, reused by the next one. */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Emails and usernames are unique regardless of case.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
  ],
);

/** The id is the SHA-256 of the cookie's token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** Single-use links sent by email; only the hash of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_hash_idx').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

/** Failed sign-ins per account, counted in a window that survives restarts and spans instances. */
export const loginFailures = pgTable('login_failures', {
  emailKey: text('email_key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('javascript'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    starred: boolean('starred').notNull().default(false),
    templateId: text('template_id').notNull().default('blank'),
    githubOwner: text('github_owner'),
    githubRepo: text('github_repo'),
    githubBranch: text('github_branch').notNull().default('main'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    autoSyncEnabled: boolean('auto_sync_enabled').notNull().default(false),
    syncIntervalMs: integer('sync_interval').notNull().default(30_000),
    /**
     * Counts the times someone lost access to the project (a member removed or their role
     * changed). Preview links carry the value they were made under: a bump revokes them all.
     */
    accessGeneration: integer('access_generation').notNull().default(0),
    /**
     * What the project's files hold: the sum of their sizes, and its files and folders. Kept by
     * triggers on `files` (migration 0015), so every write counts whoever makes it; the file
     * service reads them to enforce the plan's quota (modules/projects/storage-quota.ts).
     */
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
    storageEntries: integer('storage_entries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('projects_owner_updated_idx').on(table.ownerId, table.updatedAt)],
);

/**
 * Someone other than the owner who works in a project, as an editor or a viewer. The owner is
 * never a row here: ownership stays on the project.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_members_user_idx').on(table.userId),
  ],
);

export type ProjectMemberRow = typeof projectMembers.$inferSelect;

/**
 * A project's files. Text lives in `content`, anything else in `data` with its type. `version`
 * goes up on every write so a save based on an old version can be refused (decision 0006).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    isDirectory: boolean('is_directory').notNull().default(false),
    content: text('content'),
    data: bytea('data'),
    mimeType: text('mime_type'),
    size: integer('size').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('files_project_path_idx').on(table.projectId, table.path),
    // Paths in byte order, as every listing presents them (byPath in modules/files/service.ts),
    // whatever the database's collation: a search reads a project in that order a slice at a
    // time (modules/files/ordered-scan.ts).
    index('files_project_path_bytes_idx').on(table.projectId, sql`${table.path} collate "C"`),
    // Trigrams of each text, per project, so a search can ask which files may hold a phrase
    // before any text leaves the database (modules/files/candidates.ts). Texts over
    // SEARCH_INDEX_MAX_BYTES stay out: their trigrams would cost every save of them more than
    // reading them costs a search. Needs the pg_trgm and btree_gin extensions (0003).
    index('files_content_trigram_idx')
      .using('gin', table.projectId, sql`${table.content} gin_trgm_ops`)
      .where(sql`octet_length(${table.content}) <= ${sql.raw(String(SEARCH_INDEX_MAX_BYTES))}`),
  ],
);

/** A file uploaded in the create dialog, kept for its owner until a project is made from it. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    isZip: boolean('is_zip').notNull().default(false),
    content: text('content'),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId)],
);

/** The checked, extracted entries of an uploaded zip. */
export const uploadEntries = pgTable(
  'upload_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content'),
    data: bytea('data'),
    mimeType: text('mime_type'),
    size: integer('size').notNull(),
  },
  (table) => [uniqueIndex('upload_entries_path_idx').on(table.uploadId, table.path)],
);

export type ProjectRow = typeof projects.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/**
 * Stripe events already applied: Stripe delivers at least once, so an event seen before is
 * acknowledged and not applied again (decision 0010).
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project's conversation with the AI agent, per user, so a reload or another device shows it
 * (modules/ai/conversation.ts). Attachments are kept by name and kind only, not their bytes.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments')
      .$type<{ type: 'image' | 'document'; name: string; mimeType: string }[]>()
      .notNull()
      .default([]),
    filesModified: jsonb('files_modified')
      .$type<
        { path: string; action: 'created' | 'modified' | 'renamed' | 'deleted'; from?: string }[]
      >()
      .notNull()
      .default([]),
    actionLog: jsonb('action_log').$type<string[]>().notNull().default([]),
    checkpointId: uuid('checkpoint_id'),
    model: text('model'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ai_messages_project_user_idx').on(table.projectId, table.userId, table.createdAt),
  ],
);

/** What one agent turn changed, so it can be undone (modules/ai/checkpoints.ts). */
export const aiCheckpoints = pgTable(
  'ai_checkpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The turn's changes as reported to the person (a rename once, not as a delete and a create). */
    changes: jsonb('changes')
      .$type<
        { path: string; action: 'created' | 'modified' | 'renamed' | 'deleted'; from?: string }[]
      >()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [index('ai_checkpoints_project_idx').on(table.projectId, table.createdAt)],
);

/**
 * One path a turn touched: how it was before the turn (to put back) and a digest of how the
 * turn left it (to tell whether anything changed it since).
 */
export const aiCheckpointFiles = pgTable(
  'ai_checkpoint_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkpointId: uuid('checkpoint_id')
      .notNull()
      .references(() => aiCheckpoints.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    action: text('action').$type<'created' | 'modified' | 'renamed' | 'deleted'>().notNull(),
    renamedFrom: text('renamed_from'),
    beforeExists: boolean('before_exists').notNull(),
    beforeIsDirectory: boolean('before_is_directory').notNull().default(false),
    beforeContent: text('before_content'),
    beforeData: bytea('before_data'),
    beforeMimeType: text('before_mime_type'),
    /** Digest of the path's state after the turn; null when the turn left nothing there. */
    afterDigest: text('after_digest'),
  },
  (table) => [uniqueIndex('ai_checkpoint_files_path_idx').on(table.checkpointId, table.path)],
);

/** Tokens, model and time of every AI call, for the monthly allowance and the admin portal. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'chat' | 'agent' | 'generate'>().notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('ai_usage_user_created_idx').on(table.userId, table.createdAt)],
);

export const JOB_STATES = ['waiting', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Background work kept in the application database (jobs/database-queue.ts): a job accepted
 * before a crash or a restart is still here afterwards. A running job holds a lease that its
 * worker renews; a job whose lease ran out was left by a worker that died and is taken again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    key: text('key'),
    state: text('state').$type<JobState>().notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // One unfinished job per name and key: enqueueing again joins it.
    uniqueIndex('jobs_unfinished_key_idx')
      .on(table.name, table.key)
      .where(sql`${table.key} is not null and ${table.state} in ('waiting', 'running')`),
    index('jobs_ready_idx').on(table.state, table.runAt),
  ],
);

/** Jobs that repeat: the next time each is due, claimed by one instance at a time. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project's latest AI generation (POST /api/ai/generate-project), written by the job that
 * runs it and read by whichever instance the editor asks, so its progress survives restarts.
 */
export const aiGenerations = pgTable('ai_generations', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<GenerationState>().notNull(),
  /** The request as the person made it, for the job that runs it. */
  request: jsonb('request').notNull(),
  message: text('message'),
  /** The error code of a failed generation, so the request that waits answers as it would have. */
  errorCode: text('error_code'),
  filesModified: jsonb('files_modified')
    .$type<
      { path: string; action: 'created' | 'modified' | 'renamed' | 'deleted'; from?: string }[]
    >()
    .notNull()
    .default([]),
  actionLog: jsonb('action_log').$type<string[]>().notNull().default([]),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A project's environment variables. The value is stored encrypted (lib/secret-box.ts, under a
 * key derived from SECRET_KEY), so a copy of the database alone reveals none of them.
 */
export const envVars = pgTable(
  'env_vars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    valueEncrypted: text('value_encrypted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('env_vars_project_key_idx').on(table.projectId, table.key)],
);

/**
 * A project's package settings and its last install per ecosystem (decision 0016): the hash of
 * the manifest and lockfile it installed from, so a changed manifest shows as out of date.
 */
export const projectPackages = pgTable('project_packages', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  allowScripts: boolean('allow_scripts').notNull().default(false),
  npmManifestHash: text('npm_manifest_hash'),
  npmInstalledAt: timestamp('npm_installed_at', { withTimezone: true }),
  pythonManifestHash: text('python_manifest_hash'),
  pythonInstalledAt: timestamp('python_installed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * A person's connection to a Git host (modules/git-sync): its base URL and access token, the
 * token sealed like environment variables (lib/secret-box.ts), so a copy of the database alone
 * cannot push anywhere. One per person.
 */
export const gitConnections = pgTable('git_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  /** What the host answers beyond Git: github, gitea, gitlab, or git (nothing). */
  kind: text('kind').$type<'github' | 'gitea' | 'gitlab' | 'git'>().notNull(),
  username: text('username'),
  account: text('account'),
  tokenEncrypted: text('token_encrypted').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Where a linked project stands with its repository: the host it is linked on and the commit
 * it last pushed or pulled, the base of the next three-way merge. While a pull's conflicts wait
 * to be resolved, `mergeTheirs` is the remote commit being merged, `mergeOurs` a commit of the
 * project's files as they were, and `mergeConflicts` the paths in conflict.
 */
export const gitSyncStates = pgTable('git_sync_states', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  syncedCommit: text('synced_commit'),
  mergeOurs: text('merge_ours'),
  mergeTheirs: text('merge_theirs'),
  mergeConflicts: jsonb('merge_conflicts').$type<string[]>(),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  /** When an automatic push last looked at the project, so a failing one is not retried at every tick. */
  lastAutoPushAt: timestamp('last_auto_push_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Every push, pull and conflict resolution of a project, for the sync history. */
export const gitSyncHistory = pgTable(
  'git_sync_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    operation: text('operation').$type<'push' | 'pull' | 'resolve-conflict'>().notNull(),
    status: text('status').$type<'success' | 'conflict' | 'error'>().notNull(),
    message: text('message').notNull(),
    filesChanged: jsonb('files_changed').$type<string[]>().notNull().default([]),
    commitSha: text('commit_sha'),
    createdAt: createdAt(),
  },
  (table) => [index('git_sync_history_project_idx').on(table.projectId, table.createdAt)],
);

/**
 * A multi-agent orchestration of a project (modules/agents): the request, where it stands, and
 * the result as far as it got, written each time a task changes so any instance can show it.
 */
export const agentOrchestrations = pgTable(
  'agent_orchestrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrchestrationState>().notNull(),
    /** The request as the person made it (OrchestrateInputSchema's output), for the job. */
    request: jsonb('request').notNull(),
    /** The OrchestrationResult's parts other than the row's own columns. */
    result: jsonb('result').notNull(),
    /** Set by Stop; the run ends at its next step, whichever instance runs it. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('agent_orchestrations_project_idx').on(table.projectId, table.createdAt),
    index('agent_orchestrations_user_status_idx').on(table.userId, table.status),
  ],
);

/** One piece of agent work for a person: a role's task, a review, a quick action. */
export const agentHistory = pgTable(
  'agent_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    agent: text('agent').notNull(),
    task: text('task').notNull(),
    success: boolean('success').notNull(),
    executionMs: integer('execution_ms').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('agent_history_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A project's deployment settings, one per platform. The API key is stored sealed
 * (lib/secret-box.ts, under its own key derived from SECRET_KEY) and never answered.
 */
export const deploymentConfigs = pgTable(
  'deployment_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<DeployPlatform>().notNull(),
    projectName: text('project_name').notNull(),
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('deployment_configs_project_platform_idx').on(table.projectId, table.platform),
  ],
);

/** Each deploy of a project to a platform and how it went; the deploy itself is a job. */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<DeployPlatform>().notNull(),
    status: text('status').$type<DeploymentState>().notNull(),
    url: text('url'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('deployments_project_idx').on(table.projectId, table.createdAt)],
);

/**
 * Who did what, for administrators: sign-ins, plan and role changes, members, secrets' names,
 * Git connections, terminals, admin actions. `details` never holds a secret's value. Rows outlive
 * the users and projects they name (no foreign keys), so a deletion stays on record.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    projectId: uuid('project_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (table) => [
    index('audit_events_created_idx').on(table.createdAt),
    index('audit_events_action_created_idx').on(table.action, table.createdAt),
    index('audit_events_actor_created_idx').on(table.actorId, table.createdAt),
  ],
);
