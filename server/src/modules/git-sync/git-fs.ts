import fs from 'node:fs';
import path from 'node:path';

/**
 * Node's file system for isomorphic-git, remembering for one operation what isomorphic-git would
 * otherwise ask the disk again for every object it reads: the repository folder's stat (each
 * call checks it), the names of the packfiles (listed for every packed object) and which loose
 * objects exist (each packed object is first looked for loose). Together those were most of
 * the time spent reading a fetched tree. Loose objects are listed one `objects/xx` folder at a
 * time, when an object of that folder is first asked for: listing all 256 folders up front cost
 * a pull of ten files 10-25 ms, for the handful of objects it reads. Writes through it keep the
 * memory right.
 */
export function packAwareFs(gitdir: string) {
  const root = path.resolve(gitdir);
  const objects = path.join(root, 'objects');
  const packDir = path.join(objects, 'pack');
  const promises = fs.promises;
  let rootStat: ReturnType<typeof promises.stat> | null = null;
  let packs: Promise<string[]> | null = null;
  /** The loose objects of each `objects/xx` folder listed so far, by folder. */
  const loose = new Map<string, Promise<Set<string>>>();
  const looseName = (target: string) => {
    const relative = path.relative(objects, target);
    return /^[0-9a-f]{2}[/\\][0-9a-f]{38}$/.test(relative)
      ? { folder: relative.slice(0, 2), file: relative.slice(3) }
      : null;
  };
  const looseIn = (folder: string) => {
    let names = loose.get(folder);
    if (!names) {
      names = promises
        .readdir(path.join(objects, folder))
        .then((files) => new Set(files))
        .catch(() => new Set<string>());
      loose.set(folder, names);
    }
    return names;
  };
  const notFound = (target: string) =>
    Object.assign(new Error(`ENOENT: no such file or directory, open '${target}'`), {
      code: 'ENOENT',
    });
  const written = async (target: string) => {
    if (target.startsWith(packDir)) packs = null;
    const name = looseName(target);
    if (name && loose.has(name.folder)) (await looseIn(name.folder)).add(name.file);
  };
  return {
    /** Tells it of a file written around it. */
    written: (target: string) => written(path.resolve(target)),
    promises: {
      ...promises,
      stat: ((target: fs.PathLike, options?: unknown) => {
        if (options !== undefined || path.resolve(String(target)) !== root) {
          return promises.stat(target, options as undefined);
        }
        rootStat ??= promises.stat(target);
        return rootStat;
      }) as typeof promises.stat,
      readdir: ((target: fs.PathLike, options?: unknown) => {
        if (options !== undefined || path.resolve(String(target)) !== packDir) {
          return promises.readdir(target, options as undefined);
        }
        packs ??= promises.readdir(target).catch((error: unknown) => {
          packs = null;
          throw error;
        });
        return packs.then((names) => [...names]);
      }) as typeof promises.readdir,
      readFile: (async (target: fs.PathLike, options?: unknown) => {
        const resolved = path.resolve(String(target));
        const name = looseName(resolved);
        if (name && !(await looseIn(name.folder)).has(name.file)) throw notFound(resolved);
        return promises.readFile(target, options as undefined);
      }) as typeof promises.readFile,
      writeFile: (async (target: fs.PathLike, ...rest: unknown[]) => {
        await (promises.writeFile as (...args: unknown[]) => Promise<void>)(target, ...rest);
        await written(path.resolve(String(target)));
      }) as typeof promises.writeFile,
      rename: (async (from: fs.PathLike, to: fs.PathLike) => {
        await promises.rename(from, to);
        await written(path.resolve(String(to)));
      }) as typeof promises.rename,
      unlink: (async (target: fs.PathLike) => {
        await promises.unlink(target);
        const resolved = path.resolve(String(target));
        if (resolved.startsWith(packDir)) packs = null;
        const name = looseName(resolved);
        if (name && loose.has(name.folder)) (await looseIn(name.folder)).delete(name.file);
      }) as typeof promises.unlink,
    },
  };
}
