import {
  ProjectFileEntrySchema,
  ProjectFileSchema,
  type Project,
  type ProjectFile,
  type ProjectFileEntry,
} from '@kiln/shared';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { files, projects } from '../db/schema';
import type { TestClient } from './client';

/** A project made through the API from the blank template (README.md and index.js). */
export async function createProject(client: TestClient, name = 'Files'): Promise<Project> {
  const response = await client.post('/api/projects', { name, templateId: 'blank' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Project>();
}

/** Creates a file or folder through the API and answers it. */
export async function createFile(
  client: TestClient,
  projectId: string,
  path: string,
  options: { content?: string; isDirectory?: boolean } = {},
): Promise<ProjectFile> {
  const response = await client.post('/api/files', { projectId, path, ...options });
  expect(response.statusCode, response.body).toBe(201);
  return expectProjectFile(response.json());
}

/** Asserts a file carries exactly the fields of ProjectFileSchema. */
export function expectProjectFile(body: unknown): ProjectFile {
  expect(Object.keys(body as object).sort()).toEqual(Object.keys(ProjectFileSchema.shape).sort());
  return ProjectFileSchema.parse(body);
}

/** Asserts a file of the list carries exactly the fields of ProjectFileEntrySchema: no content. */
export function expectFileEntry(body: unknown): ProjectFileEntry {
  expect(Object.keys(body as object).sort()).toEqual(
    Object.keys(ProjectFileEntrySchema.shape).sort(),
  );
  return ProjectFileEntrySchema.parse(body);
}

/**
 * Rows of a project straight from the database (bytes left out), to prove what a request
 * changed or did not change.
 */
export function projectRows(database: DatabaseHandle, projectId: string) {
  return database.db
    .select({
      id: files.id,
      path: files.path,
      isDirectory: files.isDirectory,
      content: files.content,
      version: files.version,
      size: files.size,
      mimeType: files.mimeType,
    })
    .from(files)
    .where(eq(files.projectId, projectId))
    .orderBy(asc(files.path));
}

/** Adds rows directly, as older projects (made from templates) have them: no folder rows. */
export async function insertRows(
  database: DatabaseHandle,
  projectId: string,
  rows: Array<{ path: string; content?: string | null; isDirectory?: boolean }>,
) {
  await database.db.insert(files).values(
    rows.map((row) => ({
      projectId,
      path: row.path,
      isDirectory: row.isDirectory ?? false,
      content: row.isDirectory ? null : (row.content ?? ''),
      size: Buffer.byteLength(row.content ?? ''),
    })),
  );
}

export async function projectUpdatedAt(database: DatabaseHandle, projectId: string) {
  const [row] = await database.db
    .select({ updatedAt: projects.updatedAt })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw new Error(`no project ${projectId}`);
  return row.updatedAt;
}

/** Moves a project's updatedAt into the past, so a test can see a request touch it. */
export async function ageProject(database: DatabaseHandle, projectId: string) {
  const past = new Date(Date.now() - 3_600_000);
  await database.db.update(projects).set({ updatedAt: past }).where(eq(projects.id, projectId));
  return past;
}

/** A real 1x1 PNG: binary, and not valid UTF-8. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
