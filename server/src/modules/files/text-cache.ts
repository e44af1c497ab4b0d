import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';
import type { ScanFile } from './scan';
import { byPath } from './service';

/*
 * Search reads every text file of a project. Read from the database each time, 50 MB of text
 * takes 250-450 ms (measured on PGlite and PostgreSQL), several times what scanning it takes.
 * So the text of recently searched projects is kept in memory, and each search asks the database
 * only which rows changed: every write gives a row a new `xmin` (the id of the transaction that
 * wrote it), whoever the writer is, so a cached text whose row still has the same xmin is exactly
 * the text in the database. Each server instance keeps its own cache; none can go stale.
 */

/** Ids per query when fetching changed rows. */
const FETCH_CHUNK = 1000;

interface CachedText {
  stamp: string;
  content: string;
}

interface CachedProject {
  texts: Map<string, CachedText>;
  chars: number;
}

export class ProjectTextCache {
  /** In least recently used order, oldest first. */
  private readonly projects = new Map<string, CachedProject>();
  private chars = 0;

  /** `maxChars`: the text kept across all projects; a project larger than it is never kept. */
  constructor(private readonly maxChars: number) {}

  /** The project's text files in path order, with their current content. */
  async listTextFiles(db: DbOrTx, projectId: string): Promise<ScanFile[]> {
    const listing = await db
      .select({ id: files.id, path: files.path, stamp: sql<string>`xmin::text` })
      .from(files)
      .where(and(eq(files.projectId, projectId), isNotNull(files.content)))
      .orderBy(byPath, files.id);

    const cached = this.take(projectId);
    const texts = new Map<string, CachedText>();
    const changed: string[] = [];
    for (const row of listing) {
      const text = cached?.texts.get(row.id);
      if (text?.stamp === row.stamp) texts.set(row.id, text);
      else changed.push(row.id);
    }
    for (let start = 0; start < changed.length; start += FETCH_CHUNK) {
      const rows = await db
        .select({ id: files.id, stamp: sql<string>`xmin::text`, content: files.content })
        .from(files)
        .where(
          and(
            inArray(files.id, changed.slice(start, start + FETCH_CHUNK)),
            isNotNull(files.content),
          ),
        );
      for (const row of rows) texts.set(row.id, { stamp: row.stamp, content: row.content ?? '' });
    }
    this.keep(projectId, texts);

    const found: ScanFile[] = [];
    for (const row of listing) {
      // A file deleted, or made binary, between the two reads is no longer a text file.
      const text = texts.get(row.id);
      if (text) found.push({ id: row.id, path: row.path, content: text.content });
    }
    return found;
  }

  /** The projects kept, least recently searched first. */
  keptProjects(): string[] {
    return [...this.projects.keys()];
  }

  clear(): void {
    this.projects.clear();
    this.chars = 0;
  }

  private take(projectId: string): CachedProject | undefined {
    const cached = this.projects.get(projectId);
    if (cached) {
      this.projects.delete(projectId);
      this.chars -= cached.chars;
    }
    return cached;
  }

  private keep(projectId: string, texts: Map<string, CachedText>) {
    let chars = 0;
    for (const text of texts.values()) chars += text.content.length;
    if (chars > this.maxChars) return;
    for (const [oldest, project] of this.projects) {
      if (this.chars + chars <= this.maxChars) break;
      this.projects.delete(oldest);
      this.chars -= project.chars;
    }
    this.projects.set(projectId, { texts, chars });
    this.chars += chars;
  }
}
