import { createHash } from 'node:crypto';
import { FILE_LIMITS, FilePathSchema } from '@kiln/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files } from '../files/tables';
import { fromHex, selectBytea } from '../../db/bytea';
import { isTextFile, mimeTypeFromName } from '../../lib/file-types';
import { RootedFolder, type Owner } from '../../lib/rooted-folder';
import {
  createFile,
  deleteFile,
  listFiles,
  saveFileContent,
  writeUploadedFiles,
  type NewProjectFile,
} from '../files';
import { StorageQuotaError, type StorageCaps } from '../projects';
import { scanDisk, stampOf, type DiskEntry } from './disk-scan';
import { isDiskOnlyPath } from './ignored';
import type { SyncReport } from './types';

/** The state both sides agreed on after the last pass, per path. */
interface Agreed {
  isDirectory: boolean;
  /** The file's id and version in the project. */
  id: string;
  version: number;
  /** The disk's stamp and the content's hash when they last matched the project. */
  stamp: string;
  hash: string;
}

/** One file as the project holds it. */
interface ProjectEntry {
  id: string;
  path: string;
  isDirectory: boolean;
  hasText: boolean;
  version: number;
}

const hashOf = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/** The most a disk file can be and still reach the project (the larger of the two limits). */
const MAX_READ_BYTES = Math.max(FILE_LIMITS.textBytes, FILE_LIMITS.binaryBytes);

/**
 * Files and folders a pass looks at, outside the disk-only folders. Far more than a project
 * holds; past it, a pass saves nothing from the disk (it no longer knows what was deleted).
 */
export const MAX_SYNCED_ENTRIES = 50_000;

export const TOO_MANY_ENTRIES =
  `The workspace holds more than ${MAX_SYNCED_ENTRIES.toLocaleString('en-GB')} files and folders ` +
  '(outside installed packages and caches), so Kiln stopped saving changes made on disk to the ' +
  'project. Remove what the project does not need; saving resumes by itself.';

/**
 * Keeps one project's workspace folder and its files in the database alike (decision 0016).
 * Each pass compares both sides with what they agreed on last: a side that changed since then
 * is copied to the other; when both changed, the disk's content is saved on top, as the newer
 * version. Everything written to the project goes through the file service.
 */
export class ProjectSync {
  private agreed = new Map<string, Agreed>();
  /** Disk files left out (too large, a name the project cannot hold), by stamp. */
  private skipped = new Map<string, string>();
  private running: Promise<SyncReport> | null = null;
  /** Until the first pass, the disk holds whatever an earlier session left: the project wins. */
  private started = false;

  constructor(
    private readonly options: {
      db: Database;
      storageCaps: StorageCaps;
      /** Whom the sync acts as: the project's owner, so it works for the project, not a member. */
      userId: string;
      projectId: string;
      folder: string;
      /** Who owns what the server writes there: the sandbox's user, or null for Kiln's own. */
      owner: Owner;
    },
  ) {}

  /** The workspace, open for the pass under way (every disk access goes through it). */
  private disk: RootedFolder | null = null;

  private get rooted(): RootedFolder {
    if (!this.disk) throw new Error('The workspace is only open during a pass');
    return this.disk;
  }

  /** Runs a pass; a call during one runs another right after it, so nothing is missed. */
  pass(): Promise<SyncReport> {
    if (this.running) return this.running.then(() => this.pass());
    this.running = RootedFolder.with(this.options.folder, async (disk) => {
      this.disk = disk;
      try {
        return await this.runPass();
      } finally {
        this.disk = null;
      }
    }).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runPass(): Promise<SyncReport> {
    const report: SyncReport = { fromDisk: [], toDisk: [], problems: [] };
    const [listed, scan] = await Promise.all([
      listFiles({
        db: this.options.db,
        userId: this.options.userId,
        projectId: this.options.projectId,
      }),
      scanDisk(this.rooted, MAX_SYNCED_ENTRIES),
    ]);
    const disk = scan.entries;
    const project = new Map<string, ProjectEntry>(
      listed.filter((entry) => !isDiskOnlyPath(entry.path)).map((entry) => [entry.path, entry]),
    );

    const projectChanged = (entry: ProjectEntry | undefined, agreed: Agreed | undefined) =>
      entry === undefined
        ? agreed !== undefined
        : agreed === undefined ||
          agreed.id !== entry.id ||
          agreed.version !== entry.version ||
          agreed.isDirectory !== entry.isDirectory;

    if (!this.started) {
      this.started = true;
      return this.materialize(project, disk, report);
    }
    // What the disk holds is not known in full: only the project's side is carried over.
    if (scan.truncated) report.problems.push(TOO_MANY_ENTRIES);
    const diskChanges = scan.truncated
      ? { changed: new Set<string>(), contents: new Map<string, Buffer>() }
      : await this.diskChanges(disk);
    const paths = [...new Set([...project.keys(), ...disk.keys(), ...this.agreed.keys()])].sort();
    const toDisk: ProjectEntry[] = [];
    const removeFromDisk: string[] = [];
    const fromDisk: string[] = [];
    const removeFromProject: ProjectEntry[] = [];

    for (const filePath of paths) {
      const entry = project.get(filePath);
      const agreed = this.agreed.get(filePath);
      const onDisk = disk.get(filePath);
      const diskChanged = diskChanges.changed.has(filePath);
      if (diskChanged) {
        if (onDisk) fromDisk.push(filePath);
        else if (entry && !projectChanged(entry, agreed)) removeFromProject.push(entry);
        else if (entry) toDisk.push(entry);
        else this.agreed.delete(filePath);
      } else if (projectChanged(entry, agreed)) {
        if (entry) toDisk.push(entry);
        else removeFromDisk.push(filePath);
      }
    }

    await this.writeToDisk(toDisk, report);
    await this.removeFromDisk(removeFromDisk, report);
    await this.saveFromDisk(fromDisk, disk, project, diskChanges.contents, report);
    await this.removeFromProject(removeFromProject, report);
    return report;
  }

  /**
   * Makes the disk hold exactly the project's files (the disk-only folders aside), rewriting
   * only those whose content differs, so installed packages and their caches keep their dates.
   */
  private async materialize(
    project: Map<string, ProjectEntry>,
    disk: Map<string, DiskEntry>,
    report: SyncReport,
  ): Promise<SyncReport> {
    const stale = [...disk.keys()].filter((filePath) => {
      const entry = project.get(filePath);
      return !entry || entry.isDirectory !== disk.get(filePath)!.isDirectory;
    });
    // Deepest first, so a folder is empty of what we track by the time it goes.
    await this.removeFromDisk(stale.sort().reverse(), report);
    await this.writeToDisk([...project.values()], report, { skipUnchanged: true });
    return report;
  }

  /**
   * Paths whose disk side differs from what was agreed: new, gone, or a file whose content
   * hash changed (its stamp alone may change on a rewrite of the same bytes).
   */
  private async diskChanges(disk: Map<string, DiskEntry>) {
    const changed = new Set<string>();
    const contents = new Map<string, Buffer>();
    for (const [filePath, agreed] of this.agreed) {
      if (!disk.has(filePath) || disk.get(filePath)!.isDirectory !== agreed.isDirectory) {
        changed.add(filePath);
      }
    }
    await Promise.all(
      [...disk].map(async ([filePath, entry]) => {
        const agreed = this.agreed.get(filePath);
        if (this.skipped.get(filePath) === entry.stamp) return;
        if (agreed && agreed.isDirectory === entry.isDirectory) {
          if (entry.isDirectory || agreed.stamp === entry.stamp) return;
          const bytes = await this.read(filePath);
          if (!bytes) return;
          if (hashOf(bytes) === agreed.hash) {
            agreed.stamp = entry.stamp;
            return;
          }
          contents.set(filePath, bytes);
        }
        changed.add(filePath);
      }),
    );
    return { changed, contents };
  }

  /** A disk file's bytes; null when it is gone, no longer a plain file, or too large. */
  private async read(filePath: string): Promise<Buffer | null> {
    const outcome = await this.rooted.readFile(filePath, MAX_READ_BYTES);
    return outcome.kind === 'file' ? outcome.bytes : null;
  }

  /** Copies files and folders of the project to the disk, with the content the project has. */
  private async writeToDisk(
    entries: ProjectEntry[],
    report: SyncReport,
    { skipUnchanged = false } = {},
  ) {
    if (entries.length === 0) return;
    const fileIds = entries.filter((entry) => !entry.isDirectory).map((entry) => entry.id);
    const rows =
      fileIds.length === 0
        ? []
        : await this.options.db
            .select({ id: files.id, content: files.content, data: selectBytea(files.data) })
            .from(files)
            .where(and(eq(files.projectId, this.options.projectId), inArray(files.id, fileIds)));
    const bytesOf = new Map(
      rows.map((row) => [
        row.id,
        row.content !== null
          ? Buffer.from(row.content, 'utf8')
          : (fromHex(row.data) ?? Buffer.alloc(0)),
      ]),
    );
    const { owner } = this.options;
    for (const entry of entries) {
      if (entry.isDirectory) {
        await this.rooted.makeFolder(entry.path, owner);
        this.agreed.set(entry.path, { ...this.agree(entry), stamp: '', hash: '' });
      } else {
        const bytes = bytesOf.get(entry.id);
        // Deleted since the listing: the next pass sees it gone.
        if (!bytes) continue;
        const hash = hashOf(bytes);
        const onDisk = skipUnchanged ? await this.rooted.readFile(entry.path, bytes.length) : null;
        const unchanged = onDisk?.kind === 'file' && onDisk.bytes.equals(bytes);
        const stats = unchanged
          ? onDisk.stats
          : await this.rooted.writeFile(entry.path, bytes, { owner });
        this.agreed.set(entry.path, { ...this.agree(entry), stamp: stampOf(stats), hash });
        if (unchanged) continue;
      }
      report.toDisk.push(entry.path);
    }
  }

  private agree(entry: { id: string; version: number; isDirectory: boolean }) {
    return { id: entry.id, version: entry.version, isDirectory: entry.isDirectory };
  }

  private async removeFromDisk(paths: string[], report: SyncReport) {
    for (const filePath of paths) {
      await this.rooted.remove(filePath);
      this.agreed.delete(filePath);
      report.toDisk.push(filePath);
    }
  }

  /** Saves new and changed disk files and folders to the project, through the file service. */
  private async saveFromDisk(
    paths: string[],
    disk: Map<string, DiskEntry>,
    project: Map<string, ProjectEntry>,
    contents: Map<string, Buffer>,
    report: SyncReport,
  ) {
    const { db, userId, projectId, storageCaps } = this.options;
    const binaries: { file: NewProjectFile; stamp: string; hash: string }[] = [];
    for (const filePath of paths) {
      const onDisk = disk.get(filePath)!;
      if (!FilePathSchema.safeParse(filePath).success) {
        this.skipped.set(filePath, onDisk.stamp);
        continue;
      }
      const existing = project.get(filePath);
      if (onDisk.isDirectory) {
        if (existing?.isDirectory) {
          this.agreed.set(filePath, { ...this.agree(existing), stamp: '', hash: '' });
          continue;
        }
        if (existing)
          await deleteFile({
            storageCaps,
            db,
            userId,
            fileId: existing.id,
          });
        const folder = await createFile({
          storageCaps,
          db,
          userId,
          input: { projectId, path: filePath, isDirectory: true, content: '' },
        }).catch((error: unknown) => this.refused(error, filePath, onDisk.stamp, report));
        if (folder) this.agreed.set(filePath, { ...this.agree(folder), stamp: '', hash: '' });
        report.fromDisk.push(filePath);
        continue;
      }
      const bytes = contents.get(filePath) ?? (await this.read(filePath));
      if (!bytes) continue;
      const mimeType = mimeTypeFromName(filePath);
      const isText = isTextFile({ name: filePath, mimeType, bytes });
      if (bytes.length > (isText ? FILE_LIMITS.textBytes : FILE_LIMITS.binaryBytes)) {
        this.skipped.set(filePath, onDisk.stamp);
        continue;
      }
      const hash = hashOf(bytes);
      if (!isText) {
        binaries.push({
          file: {
            path: filePath,
            content: null,
            data: bytes,
            mimeType: mimeType ?? 'application/octet-stream',
            size: bytes.length,
          },
          stamp: onDisk.stamp,
          hash,
        });
        continue;
      }
      const text = bytes.toString('utf8');
      let saved: { id: string; version: number; isDirectory: boolean };
      if (existing && !existing.isDirectory && existing.hasText) {
        // No base version: a change made on disk is the latest word on this file, and the
        // version it replaces stays in the file's history.
        const outcome = await saveFileContent({
          storageCaps,
          db,
          userId,
          fileId: existing.id,
          content: text,
        }).catch((error: unknown) => {
          if (!(error instanceof StorageQuotaError)) throw error;
          return this.refused(error, filePath, onDisk.stamp, report);
        });
        if (!outcome?.saved) continue;
        saved = outcome.file;
      } else {
        if (existing)
          await deleteFile({
            storageCaps,
            db,
            userId,
            fileId: existing.id,
          });
        const created = await createFile({
          storageCaps,
          db,
          userId,
          input: { projectId, path: filePath, isDirectory: false, content: text },
        }).catch((error: unknown) => this.refused(error, filePath, onDisk.stamp, report));
        if (!created) continue;
        saved = created;
      }
      this.agreed.set(filePath, { ...this.agree(saved), stamp: onDisk.stamp, hash });
      report.fromDisk.push(filePath);
    }
    if (binaries.length > 0) {
      const written = await writeUploadedFiles({
        storageCaps,
        db,
        userId,
        projectId,
        files: binaries.map((binary) => binary.file),
      }).catch((error: unknown) => {
        if (!(error instanceof StorageQuotaError)) throw error;
        for (const binary of binaries) this.refused(error, binary.file.path, binary.stamp, report);
        return [];
      });
      for (const file of written) {
        const binary = binaries.find((candidate) => candidate.file.path === file.path)!;
        this.agreed.set(file.path, { ...this.agree(file), stamp: binary.stamp, hash: binary.hash });
        report.fromDisk.push(file.path);
      }
    }
  }

  /**
   * A save the project's storage quota refused: left on disk until it changes again, and said in
   * the terminals. A create that failed otherwise (a name taken meanwhile) is skipped quietly, as
   * before, and tried again next pass.
   */
  private refused(error: unknown, filePath: string, stamp: string, report: SyncReport): null {
    if (!(error instanceof StorageQuotaError)) return null;
    this.skipped.set(filePath, stamp);
    const problem = `Changes made on disk were not saved to the project: ${error.message}`;
    if (!report.problems.includes(problem)) report.problems.push(problem);
    return null;
  }

  /** Deletes from the project what was deleted on disk; a folder takes its contents along. */
  private async removeFromProject(entries: ProjectEntry[], report: SyncReport) {
    const { db, userId, storageCaps } = this.options;
    const removedFolders: string[] = [];
    for (const entry of entries) {
      const insideRemoved = removedFolders.some((folder) => entry.path.startsWith(`${folder}/`));
      if (!insideRemoved) {
        await deleteFile({
          storageCaps,
          db,
          userId,
          fileId: entry.id,
        }).catch(() => null);
        if (entry.isDirectory) removedFolders.push(entry.path);
      }
      this.agreed.delete(entry.path);
      report.fromDisk.push(entry.path);
    }
  }
}
