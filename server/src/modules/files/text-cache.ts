import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from './tables';
import type { ScanFile } from './scan';
import { comparePaths } from '../../lib/project-paths';
import { byPath } from './service';

/*
 * Search reads every text file of a project. Read from the database each time, 50 MB of text
 * takes 250-450 ms (measured on PGlite and PostgreSQL), several times what scanning it takes.
 * So the text of recently searched projects is kept in memory, and each search asks the database
 * only which rows changed: every write gives a row a new `xmin` (the id of the transaction that
 * wrote it), whoever the writer is, so a cached text whose row still has the same xmin is exactly
 * the text in the database. Each server instance keeps its own cache; none can go stale.
 *
 * Reading a project's file list warms its text in the background, so the first search of a
 * project opened in the editor finds it in memory. Reads of one project take turns: a search
 * that arrives while the text is being read waits for that read, then asks only what changed,
 * instead of reading everything a second time.
 */

/** A project's text files: binary files keep their bytes in `data` and no `content`. */
const textFilesOf = (projectId: string) =>
  and(eq(files.projectId, projectId), isNotNull(files.content));

/** A text file's row as the cache keeps it: `xmin` stamps the write that made the row. */
const textColumns = {
  id: files.id,
  path: files.path,
  stamp: sql<string>`xmin::text`,
  content: files.content,
};

/** Ids per query when fetching changed rows. */
const FETCH_CHUNK = 1000;

/** Rows per query when warming a project (about 1 MB of text for typical files, a few ms). */
export const WARM_CHUNK = 250;

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
  /** The read of each project under way; the next read of that project waits for it. */
  private readonly reads = new Map<string, Promise<unknown>>();

  /** `maxChars`: the text kept across all projects; a project larger than it is never kept. */
  constructor(private readonly maxChars: number) {}

  /** The project's text files in path order, with their current content. */
  listTextFiles(db: DbOrTx, projectId: string): Promise<ScanFile[]> {
    return this.inTurn(projectId, () => this.read(db, projectId, false));
  }

  /**
   * Brings the project's text into memory ahead of its first search. Does nothing when a read
   * of the project is already under way, or when its text could not be kept anyway.
   */
  async warm(db: DbOrTx, projectId: string): Promise<void> {
    if (this.reads.has(projectId)) return;
    await this.inTurn(projectId, () => this.read(db, projectId, true));
  }

  /** Waits for the reads under way (before the database closes). */
  async settle(): Promise<void> {
    while (this.reads.size > 0) await Promise.allSettled([...this.reads.values()]);
  }

  /** Whether the project's text is in memory (a read then asks only for what changed). */
  holds(projectId: string): boolean {
    return this.projects.has(projectId);
  }

  /** The projects kept, least recently searched first. */
  keptProjects(): string[] {
    return [...this.projects.keys()];
  }

  clear(): void {
    this.projects.clear();
    this.chars = 0;
  }

  private async inTurn<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    const before = this.reads.get(projectId);
    const mine = (before ?? Promise.resolve()).catch(() => undefined).then(work);
    this.reads.set(projectId, mine);
    try {
      return await mine;
    } finally {
      if (this.reads.get(projectId) === mine) this.reads.delete(projectId);
    }
  }

  /** `warming`: a read ahead of the first search, which no one is waiting for. */
  private async read(db: DbOrTx, projectId: string, warming: boolean): Promise<ScanFile[]> {
    const cached = this.take(projectId);
    if (cached) return this.readChanged(db, projectId, cached);
    if (warming) {
      await this.readInChunks(db, projectId);
      return [];
    }
    return this.readAll(db, projectId);
  }

  /**
   * Nothing of the project is in memory and a search waits: one pass over its rows brings every
   * text at once, several times faster than listing them and then fetching them by id.
   */
  private async readAll(db: DbOrTx, projectId: string) {
    const rows = await db.select(textColumns).from(files).where(textFilesOf(projectId));
    // Sorted here: sorting 50 MB of rows in the database cost a fifth of the whole read.
    rows.sort((a, b) => comparePaths(a.path, b.path));
    const texts = new Map<string, CachedText>();
    const found: ScanFile[] = [];
    for (const row of rows) {
      const content = row.content ?? '';
      texts.set(row.id, { stamp: row.stamp, content });
      found.push({ id: row.id, path: row.path, content });
    }
    this.keep(projectId, texts);
    return found;
  }

  /**
   * A warm-up reads the project a slice of paths at a time, so that requests arriving meanwhile
   * (a search the index answers, a save) wait for one slice rather than for the whole project:
   * the embedded database answers one query at a time. The slices are not one snapshot, which
   * is safe because nothing is answered from them directly: the next search asks which rows
   * changed since, by their stamps, as for any cached text.
   */
  private async readInChunks(db: DbOrTx, projectId: string) {
    const [total] = await db
      .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
      .from(files)
      .where(textFilesOf(projectId));
    // A UTF-8 text has at least as many bytes as UTF-16 units: when the bytes fit, the text
    // does. A project over that is left for its first search to read.
    if ((total?.bytes ?? 0) > this.maxChars) return;
    const texts = new Map<string, CachedText>();
    let after: string | undefined;
    for (;;) {
      const rows = await db
        .select(textColumns)
        .from(files)
        .where(and(textFilesOf(projectId), after === undefined ? undefined : gt(files.path, after)))
        // The order of files_project_path_idx, so each slice is a range of the index.
        .orderBy(asc(files.path))
        .limit(WARM_CHUNK);
      for (const row of rows) texts.set(row.id, { stamp: row.stamp, content: row.content ?? '' });
      if (rows.length < WARM_CHUNK) break;
      after = rows[rows.length - 1]!.path;
    }
    this.keep(projectId, texts);
  }

  /** Part of the project is in memory: only rows written since are read again. */
  private async readChanged(db: DbOrTx, projectId: string, cached: CachedProject) {
    const listing = await db
      .select({
        id: files.id,
        path: files.path,
        stamp: sql<string>`xmin::text`,
      })
      .from(files)
      .where(textFilesOf(projectId))
      .orderBy(byPath, files.id);
    const texts = new Map<string, CachedText>();
    const changed: string[] = [];
    for (const row of listing) {
      const text = cached.texts.get(row.id);
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
