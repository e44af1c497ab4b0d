import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import * as git from 'isomorphic-git';
import { buildTreeObjects, MODE, parseTree, type FlatTree } from './git-objects';
import { packAwareFs } from './git-fs';
import { gitHttpClient } from './host-http';
import { buildPack, type PackObject } from './pack';
import {
  discoverReceivePack,
  sendReceivePack,
  type ReceivePackAdvertisement,
} from './receive-pack';
import { authorizationHeader, type RemoteAccess } from './remote';

/** One request to a Git host may take this long (a large fetch included) before it is given up. */
const HTTP_TIMEOUT_MS = 5 * 60_000;
/** Objects read, and written, at once: the file system's waits overlap. */
const READ_CONCURRENCY = 8;
const WRITE_CONCURRENCY = 16;
/** How far back a push looks for where its commits meet the remote's. */
const ANCESTRY_DEPTH = 1000;
/** Counting commits stops here: "behind by 1000" says enough. */
const COUNT_CAP = 1000;

export interface CommitAuthor {
  name: string;
  email: string;
}

/** Flattened trees by commit id; commits never change, so an entry never goes stale. */
const flatTrees = new Map<string, FlatTree>();
const FLAT_TREES_KEPT = 32;
type TreeEntries = ReturnType<typeof parseTree>;
/** Parsed trees by id, so an unchanged folder of a new commit is not read again. */
const treeEntries = new Map<string, TreeEntries>();
const TREES_KEPT = 20_000;
function rememberTreeEntries(oid: string, entries: TreeEntries) {
  treeEntries.set(oid, entries);
  if (treeEntries.size > TREES_KEPT) treeEntries.delete(treeEntries.keys().next().value!);
}
const blobSizes = new Map<string, number>();
const BLOB_SIZES_KEPT = 10_000;

/**
 * A project's own Git repository, `DATA_DIR/git/<projectId>`: bare (no working tree), holding
 * the objects fetched from the remote and those Kiln writes from the project's files. It is a
 * cache of the remote plus Kiln's commits not pushed yet, and can be rebuilt by fetching.
 */
export class ProjectRepository {
  /** isomorphic-git's cache of packfile indexes, for the life of one operation. */
  private readonly cache = {};

  /** Node's file system with what isomorphic-git asks again and again remembered (git-fs.ts). */
  private readonly fs: ReturnType<typeof packAwareFs>;

  private constructor(readonly gitdir: string) {
    this.fs = packAwareFs(gitdir);
  }

  /** Opens the project's repository, creating it (with `main` as its first branch) if needed. */
  static async open(root: string, projectId: string): Promise<ProjectRepository> {
    const gitdir = path.join(root, projectId);
    if (!fs.existsSync(path.join(gitdir, 'HEAD'))) {
      await fs.promises.mkdir(gitdir, { recursive: true, mode: 0o700 });
      // isomorphic-git would otherwise call the first branch of an empty repository `master`.
      await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
      // Where fetched branches are kept. The remote's URL is not stored: each call names it.
      await git.setConfig({
        fs,
        gitdir,
        path: 'remote.origin.fetch',
        value: '+refs/heads/*:refs/remotes/origin/*',
      });
    }
    return new ProjectRepository(gitdir);
  }

  /** How isomorphic-git reaches the remote: through the host guard, with the token. */
  private access(remote: RemoteAccess) {
    const credentials = remote.credentials;
    return {
      http: gitHttpClient(remote.request, HTTP_TIMEOUT_MS),
      url: remote.url,
      // Sent with the first request, as `git` sends a stored credential: answering the host's
      // 401 first cost every fetch a round trip. onAuth still answers a host that asks again.
      headers: authorizationHeader(remote),
      onAuth: credentials ? () => ({ ...credentials }) : undefined,
      // The token was refused: stop, rather than offer the same one again.
      onAuthFailure: () => ({ cancel: true }),
    };
  }

  /**
   * Fetches one branch; answers its commit, or null when the remote has no such branch (an
   * empty repository has none). The local branch of that name follows it, so the next fetch
   * only asks for what is new.
   */
  async fetchBranch(remote: RemoteAccess, branch: string): Promise<string | null> {
    try {
      const result = await git.fetch({
        fs: this.fs,
        gitdir: this.gitdir,
        cache: this.cache,
        ref: branch,
        remoteRef: `refs/heads/${branch}`,
        singleBranch: true,
        tags: false,
        ...this.access(remote),
      });
      if (!result.fetchHead) return null;
      await this.setBranch(branch, result.fetchHead);
      return result.fetchHead;
    } catch (error) {
      // The remote has branches, but not this one.
      if (isNotFound(error, `refs/heads/${branch}`)) return null;
      throw error;
    }
  }

  /** The names of the remote's branches. */
  async remoteBranches(remote: RemoteAccess): Promise<string[]> {
    const refs = await git.listServerRefs({
      prefix: 'refs/heads/',
      ...this.access(remote),
    });
    return refs.map((ref) => ref.ref.slice('refs/heads/'.length)).sort();
  }

  private async setBranch(branch: string, oid: string) {
    await git.writeRef({
      fs: this.fs,
      gitdir: this.gitdir,
      ref: `refs/heads/${branch}`,
      value: oid,
      force: true,
    });
  }

  async hasCommit(oid: string): Promise<boolean> {
    try {
      await git.readCommit({ fs: this.fs, gitdir: this.gitdir, oid, cache: this.cache });
      return true;
    } catch {
      return false;
    }
  }

  /** Remembers a commit's tree Kiln just built, so the next operation need not read it back. */
  rememberTree(commit: string, tree: FlatTree): void {
    flatTrees.set(commit, tree);
    if (flatTrees.size > FLAT_TREES_KEPT) flatTrees.delete(flatTrees.keys().next().value!);
  }

  /** Every blob (and submodule) of a commit by path. */
  async readFlatTree(commit: string): Promise<FlatTree> {
    const known = flatTrees.get(commit);
    if (known) return known;
    const { commit: parsed } = await git.readCommit({
      fs: this.fs,
      gitdir: this.gitdir,
      oid: commit,
      cache: this.cache,
    });
    const flat: FlatTree = new Map();
    const walk = async (treeOid: string, prefix: string) => {
      for (const entry of await this.readTreeEntries(treeOid)) {
        const entryPath = prefix + entry.name;
        if (entry.mode === MODE.tree) await walk(entry.oid, `${entryPath}/`);
        else flat.set(entryPath, { mode: entry.mode, oid: entry.oid });
      }
    };
    await walk(parsed.tree, '');
    this.rememberTree(commit, flat);
    return flat;
  }

  /** A blob's size; sizes are kept by id, as a blob never changes. */
  async blobSize(oid: string): Promise<number> {
    const known = blobSizes.get(oid);
    if (known !== undefined) return known;
    const size = (await this.readBlob(oid)).length;
    blobSizes.set(oid, size);
    if (blobSizes.size > BLOB_SIZES_KEPT) blobSizes.delete(blobSizes.keys().next().value!);
    return size;
  }

  /** A tree's entries; trees never change, so those read before come from memory. */
  private async readTreeEntries(oid: string): Promise<TreeEntries> {
    const known = treeEntries.get(oid);
    if (known) return known;
    const { type, object } = await git.readObject({
      fs: this.fs,
      gitdir: this.gitdir,
      oid,
      format: 'content',
      cache: this.cache,
    });
    if (type !== 'tree') throw new Error(`${oid} is a ${type}, not a tree`);
    const entries = parseTree(Buffer.from(object as Uint8Array));
    rememberTreeEntries(oid, entries);
    return entries;
  }

  async readBlob(oid: string): Promise<Buffer> {
    const { blob } = await git.readBlob({
      fs: this.fs,
      gitdir: this.gitdir,
      oid,
      cache: this.cache,
    });
    return Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  }

  /** Many blobs by id, a few at a time so the file system's waits overlap. */
  async readBlobs(oids: Iterable<string>): Promise<Map<string, Buffer>> {
    const pending = [...new Set(oids)];
    const blobs = new Map<string, Buffer>();
    const worker = async () => {
      for (let oid = pending.pop(); oid !== undefined; oid = pending.pop()) {
        blobs.set(oid, await this.readBlob(oid));
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
    return blobs;
  }

  /**
   * Writes objects Kiln computed the ids of (git-objects.ts) as loose objects, the way Git
   * stores them: deflated with Node's zlib, straight to `objects/xx/...`. Through
   * isomorphic-git each write cost a few milliseconds of its own bookkeeping.
   */
  async writeObjects(objects: Iterable<PackObject>): Promise<void> {
    const pending = [...objects];
    for (const object of pending) {
      if (object.type === 'tree') rememberTreeEntries(object.oid, parseTree(object.content));
    }
    const folders = new Map<string, Promise<unknown>>();
    const write = async (object: (typeof pending)[number]) => {
      const folder = path.join(this.gitdir, 'objects', object.oid.slice(0, 2));
      if (!folders.has(folder)) folders.set(folder, fs.promises.mkdir(folder, { recursive: true }));
      await folders.get(folder);
      const target = path.join(folder, object.oid.slice(2));
      const wrapped = Buffer.concat([
        Buffer.from(`${object.type} ${object.content.length}\0`),
        object.content,
      ]);
      try {
        await fs.promises.writeFile(target, deflateSync(wrapped, { level: 1 }), { flag: 'wx' });
      } catch (error) {
        // Already there: objects never change.
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
      }
      await this.fs.written(target);
    };
    const worker = async () => {
      for (let object = pending.pop(); object; object = pending.pop()) await write(object);
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
  }

  async writeCommit(options: {
    tree: string;
    parents: string[];
    message: string;
    author: CommitAuthor;
  }): Promise<string> {
    const signature = {
      ...options.author,
      timestamp: Math.floor(Date.now() / 1000),
      timezoneOffset: 0,
    };
    return git.writeCommit({
      fs: this.fs,
      gitdir: this.gitdir,
      commit: {
        tree: options.tree,
        parent: options.parents,
        message: options.message.endsWith('\n') ? options.message : `${options.message}\n`,
        author: signature,
        committer: signature,
      },
    });
  }

  /**
   * Pushes `commit` to the remote branch, which must still be at `expected` (the commit a fetch
   * just saw there, or null for none): otherwise nothing is sent and the push is refused as
   * isomorphic-git refuses one (PushRejectedError), so nothing on the remote is overwritten.
   * The host also refuses it if another push lands between the two requests.
   *
   * Kiln speaks the push side of smart HTTP itself (receive-pack.ts) rather than through
   * isomorphic-git, whose push read every outgoing object back from disk and compressed it again
   * in JavaScript: Kiln sends exactly the objects the remote lacks, most of them still in
   * memory (`objects`), compressed by Node's zlib. isomorphic-git still fetches.
   */
  async push(
    remote: RemoteAccess,
    branch: string,
    commit: string,
    options: {
      expected: string | null;
      /** The remote's answer to `discoverPush`, when the caller asked it already. */
      advertisement?: ReceivePackAdvertisement;
      objects?: ReadonlyMap<string, PackObject>;
    },
  ): Promise<void> {
    const ref = `refs/heads/${branch}`;
    const advertisement = options.advertisement ?? (await discoverReceivePack(remote));
    const current = advertisement.refs.get(ref) ?? null;
    if (current !== options.expected) throw pushRejected();
    if (current !== commit) {
      // What the remote has: the branch's commit, or (for a new branch) any it has that we do.
      const roots = current ? [current] : [];
      if (!current) {
        for (const oid of new Set(advertisement.refs.values())) {
          if (await this.hasCommit(oid)) roots.push(oid);
        }
      }
      const objects = await this.objectsMissing(commit, roots, options.objects);
      await sendReceivePack(remote, advertisement, {
        ref,
        oldOid: current,
        newOid: commit,
        pack: buildPack(objects),
      });
    }
    await this.setBranch(branch, commit);
  }

  /** The remote's branches as a push sees them, and what it accepts. */
  discoverPush(remote: RemoteAccess): Promise<ReceivePackAdvertisement> {
    return discoverReceivePack(remote);
  }

  /** The objects reachable from `commit` that are not reachable from `roots`. */
  private async objectsMissing(
    commit: string,
    roots: string[],
    known: ReadonlyMap<string, PackObject> = new Map(),
  ): Promise<PackObject[]> {
    const remoteHas = new Set<string>(roots);
    for (const root of roots) {
      // Its trees' ids computed from its files (kept in memory since the last sync) rather than
      // read back one by one; a tree computed differently from the one stored is only resent.
      const { commit: parsed } = await this.readCommitObject(root);
      remoteHas.add(parsed.tree);
      const flat = await this.readFlatTree(root);
      for (const entry of flat.values()) remoteHas.add(entry.oid);
      for (const tree of buildTreeObjects(flat).trees) remoteHas.add(tree.oid);
    }
    const objects: PackObject[] = [];
    const take = async (oid: string) => {
      remoteHas.add(oid);
      const object = known.get(oid) ?? (await this.readPackObject(oid));
      objects.push(object);
      return object;
    };
    const addTree = async (treeOid: string): Promise<void> => {
      if (remoteHas.has(treeOid)) return;
      const tree = await take(treeOid);
      for (const entry of parseTree(tree.content)) {
        if (remoteHas.has(entry.oid) || entry.mode === MODE.submodule) continue;
        if (entry.mode === MODE.tree) await addTree(entry.oid);
        else await take(entry.oid);
      }
    };
    const queue = [commit];
    for (let oid = queue.shift(); oid !== undefined; oid = queue.shift()) {
      if (remoteHas.has(oid)) continue;
      if (oid !== commit && (await this.reachableFrom(roots, oid))) continue;
      await take(oid);
      const { commit: parsed } = await this.readCommitObject(oid);
      await addTree(parsed.tree);
      queue.push(...parsed.parent);
    }
    return objects;
  }

  private async reachableFrom(roots: string[], oid: string): Promise<boolean> {
    for (const root of roots) {
      const found = await git
        .isDescendent({
          fs: this.fs,
          gitdir: this.gitdir,
          oid: root,
          ancestor: oid,
          depth: ANCESTRY_DEPTH,
          cache: this.cache,
        })
        .catch(() => false);
      if (found) return true;
    }
    return false;
  }

  private readCommitObject(oid: string) {
    return git.readCommit({ fs: this.fs, gitdir: this.gitdir, oid, cache: this.cache });
  }

  private async readPackObject(oid: string): Promise<PackObject> {
    const { type, object } = await git.readObject({
      fs: this.fs,
      gitdir: this.gitdir,
      oid,
      format: 'content',
      cache: this.cache,
    });
    if (type !== 'blob' && type !== 'tree' && type !== 'commit') {
      throw new Error(`unexpected ${type} object ${oid} in a push`);
    }
    return { type, oid, content: Buffer.from(object as Uint8Array) };
  }

  async isAncestor(ancestor: string, oid: string): Promise<boolean> {
    if (ancestor === oid) return true;
    return git.isDescendent({
      fs: this.fs,
      gitdir: this.gitdir,
      oid,
      ancestor,
      depth: -1,
      cache: this.cache,
    });
  }

  /** Commits reachable from `from` and not from `since` (all of them when `since` is null). */
  async countCommits(from: string, since: string | null): Promise<number> {
    if (from === since) return 0;
    const stops = new Set<string>();
    if (since) {
      stops.add(since);
      const bases: string[] = await git.findMergeBase({
        fs: this.fs,
        gitdir: this.gitdir,
        oids: [from, since],
        cache: this.cache,
      });
      for (const base of bases) stops.add(base);
    }
    const seen = new Set<string>();
    const queue = [from];
    while (queue.length > 0 && seen.size < COUNT_CAP) {
      const oid = queue.shift()!;
      if (seen.has(oid) || stops.has(oid)) continue;
      seen.add(oid);
      const { commit } = await git.readCommit({
        fs: this.fs,
        gitdir: this.gitdir,
        oid,
        cache: this.cache,
      });
      queue.push(...commit.parent);
    }
    return seen.size;
  }
}

function isNotFound(error: unknown, what: string): boolean {
  const found = error as { code?: string; data?: { what?: string } };
  return found.code === 'NotFoundError' && found.data?.what === what;
}

/** Whether an entry is a regular file Kiln can hold (not a link to elsewhere, not a submodule). */
export function isFileMode(mode: string): boolean {
  return mode === MODE.file || mode === MODE.executable;
}

const pushRejected = () =>
  Object.assign(new Error('the remote branch moved on'), { code: 'PushRejectedError' });
