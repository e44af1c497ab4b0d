import { count, eq, sql } from 'drizzle-orm';
import type { CreateProjectInputSchema, Project, UpdateProjectInput } from '@kiln/shared';
import { PLANS, TEMPLATE_CATALOG } from '@kiln/shared';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { files } from '../files/tables';
import { projects, type ProjectRow } from './tables';
import type { UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';
import { ancestorsOf } from '../../lib/project-paths';
import { getTemplate } from '../templates';
import { listUploadEntriesForProject } from '../uploads';
import { getOwnedProject } from './policy';
import { presentedProjectColumns } from './presenter';
import { lockProjectStorage, withinStorageQuota, type StorageCaps } from './storage-quota';
import { uniqueProjectName } from './unique-name';

type CreateProjectValues = z.output<typeof CreateProjectInputSchema>;

/** A file as it enters a project, from a template or an uploaded zip. */
interface NewFile {
  path: string;
  content: string | null;
  data: Buffer | null;
  mimeType: string | null;
  size: number;
}

// Under PostgreSQL's 65,535 bind parameters per statement with room to spare.
const INSERT_CHUNK = 500;

/** The dashboard asks for it on every visit, so it is prepared once (db/prepared.ts). */
const PROJECT_LIST = sql`select ${presentedProjectColumns} from ${projects}
  where ${projects.ownerId} = ${sql.placeholder('userId')}
  order by ${projects.updatedAt} desc`;

/**
 * The user's projects, most recently updated first, as the API presents them. The dashboard
 * reads this on every visit, so the database writes each row in its final shape
 * (presentedProjectColumns; decision 0011).
 */
export async function listProjects(options: { db: Database; userId: string }) {
  return preparedRows<Project>(
    options.db,
    'kiln_project_list',
    PROJECT_LIST,
  )({
    userId: options.userId,
  });
}

/**
 * Every change to who owns which project names runs under this per-user lock: two creates at
 * once cannot both slip under the Free plan's limit, and two creates or renames at once cannot
 * both take the same name.
 */
async function lockOwnerProjects(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`projects:${userId}`}))`);
}

/**
 * Creates a project with its starting files: the template's (none for a blank project made
 * from zips, or asked for empty), then those of each uploaded zip (a later file with the same
 * path wins). A name the user already has is made unique with " (2)", " (3)"…
 */
export async function createProject(options: {
  db: Database;
  user: UserRow;
  storageCaps: StorageCaps;
  input: CreateProjectValues;
}): Promise<ProjectRow> {
  const { db, user, input } = options;
  const template = getTemplate(input.templateId);
  return db.transaction(async (tx) => {
    await lockOwnerProjects(tx, user.id);
    await assertWithinPlan(tx, user);

    const startingFiles = new Map<string, NewFile>();
    // A project made from a zip holds exactly the zip's files: the blank template's README
    // would sit beside the zip's own (a Readme.md, say). A template chosen on purpose still
    // comes first, with the zip's files over it.
    const fromZipOnly = input.zipFiles.length > 0 && input.templateId === 'blank';
    for (const file of fromZipOnly || input.empty ? [] : template.files) {
      if (file.isDirectory) continue;
      startingFiles.set(file.path, {
        path: file.path,
        content: file.content,
        data: null,
        mimeType: null,
        size: Buffer.byteLength(file.content),
      });
    }
    for (const zip of input.zipFiles) {
      const entries = await listUploadEntriesForProject({
        db: tx,
        ownerId: user.id,
        uploadId: zip.id,
      });
      for (const entry of entries) startingFiles.set(entry.path, entry);
    }

    const [project] = await tx
      .insert(projects)
      .values({
        ownerId: user.id,
        name: await uniqueProjectName(tx, { ownerId: user.id, wanted: input.name }),
        description: input.description,
        language: input.language ?? templateLanguage(input.templateId),
        tags: input.tags,
        templateId: input.templateId,
      })
      .returning();
    if (!project) throw new Error('project insert returned nothing');
    // An import past the plan's storage quota makes no project at all.
    await withinStorageQuota(
      tx,
      { project: project.id, writerId: user.id, caps: options.storageCaps },
      () => insertFiles(tx, project.id, withFolderRows([...startingFiles.values()])),
    );
    return project;
  });
}

function templateLanguage(templateId: CreateProjectValues['templateId']): string {
  return TEMPLATE_CATALOG.find((template) => template.id === templateId)?.language ?? 'javascript';
}

async function assertWithinPlan(db: DbOrTx, user: UserRow) {
  const limit = PLANS[user.subscriptionPlan].projectLimit;
  if (limit === null) return;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(projects)
    .where(eq(projects.ownerId, user.id));
  if (total >= limit) {
    throw new AppError(
      'PLAN_LIMIT',
      `The Free plan includes up to ${limit} projects. Upgrade to Pro for unlimited projects, or delete a project to make room.`,
    );
  }
}

/** Every folder gets a row of its own, so it can be renamed or deleted by id in the editor. */
function withFolderRows(entries: NewFile[]): (NewFile & { isDirectory: boolean })[] {
  const filePaths = new Set(entries.map((entry) => entry.path));
  const folders = new Set(entries.flatMap((entry) => ancestorsOf(entry.path)));
  return [
    ...[...folders]
      .filter((path) => !filePaths.has(path))
      .map((path) => ({
        path,
        content: null,
        data: null,
        mimeType: null,
        size: 0,
        isDirectory: true,
      })),
    ...entries.map((entry) => ({ ...entry, isDirectory: false })),
  ];
}

async function insertFiles(
  db: DbOrTx,
  projectId: string,
  entries: (NewFile & { isDirectory: boolean })[],
) {
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    await db.insert(files).values(
      entries.slice(start, start + INSERT_CHUNK).map((entry) => ({
        projectId,
        path: entry.path,
        isDirectory: entry.isDirectory,
        content: entry.content,
        data: entry.data,
        mimeType: entry.mimeType,
        size: entry.size,
      })),
    );
  }
}

/**
 * Changes a project's fields. A new name the owner already uses for another project is made
 * unique as on creation ("Todo" becomes "Todo (2)"); the answer carries the name it got.
 */
export async function updateProject(options: {
  db: Database;
  userId: string;
  projectId: string;
  changes: UpdateProjectInput;
}): Promise<ProjectRow> {
  const { userId, projectId } = options;
  // Starring is not an edit: it must not move the project up "Recently Updated".
  const isEdit = Object.keys(options.changes).some((key) => key !== 'starred');
  return options.db.transaction(async (tx) => {
    if (options.changes.name !== undefined) await lockOwnerProjects(tx, userId);
    await getOwnedProject({ db: tx, userId, projectId });
    const changes = { ...options.changes };
    if (changes.name !== undefined) {
      changes.name = await uniqueProjectName(tx, {
        ownerId: userId,
        wanted: changes.name,
        exceptProjectId: projectId,
      });
    }
    const [row] = await tx
      .update(projects)
      .set(isEdit ? { ...changes, updatedAt: new Date() } : changes)
      .where(eq(projects.id, projectId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Project not found');
    return row;
  });
}

type ProjectDeletedListener = (projectId: string) => void;
const projectDeletedListeners = new Set<ProjectDeletedListener>();

/**
 * Hears every project deleted through Kiln, with its owner's account too, for what lives
 * outside the application database (the project's own database).
 */
export function onProjectDeleted(listener: ProjectDeletedListener): () => void {
  projectDeletedListeners.add(listener);
  return () => projectDeletedListeners.delete(listener);
}

/** Deletes the project and everything it owns (files cascade) in one transaction. */
export async function deleteProject(options: { db: Database; userId: string; projectId: string }) {
  await options.db.transaction(async (tx) => {
    await getOwnedProject({ db: tx, userId: options.userId, projectId: options.projectId });
    // The file service's lock order (storage, then files): a save running now waits, then finds
    // nothing, instead of deadlocking with this delete.
    await lockProjectStorage(tx, options.projectId);
    await tx.delete(files).where(eq(files.projectId, options.projectId));
    await tx.delete(projects).where(eq(projects.id, options.projectId));
  });
  announceProjectsDeleted([options.projectId]);
}

/** Tells the listeners that projects are gone (deleted here, or with their owner's account). */
export function announceProjectsDeleted(projectIds: readonly string[]): void {
  for (const projectId of projectIds) {
    for (const listener of projectDeletedListeners) listener(projectId);
  }
}
