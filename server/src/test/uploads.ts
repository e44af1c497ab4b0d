import { UploadedFileSchema, type UploadedFile } from '@kiln/shared';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { uploadEntries, uploads } from '../db/schema';

export const UPLOAD_URL = '/api/upload/project-file';

/** Rows in uploads and upload_entries, read straight from the database (to prove a refusal wrote none). */
export async function countUploadRows(database: DatabaseHandle) {
  const [upload] = await database.db.select({ total: count() }).from(uploads);
  const [entry] = await database.db.select({ total: count() }).from(uploadEntries);
  return { uploads: upload?.total ?? 0, entries: entry?.total ?? 0 };
}

/** Asserts a 201 with exactly the UploadedFile fields, and answers the upload. */
export function expectUploaded(response: LightMyRequestResponse): UploadedFile {
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<UploadedFile>();
  expect(Object.keys(body).sort()).toEqual(Object.keys(UploadedFileSchema.shape).sort());
  expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.url).toBe(`${UPLOAD_URL}/${body.id}`);
  return UploadedFileSchema.parse(body);
}
