import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getFileByPath } from '../files';
import { startPackageInstall, type PackagesDeps } from '../packages';
import type { DevServerDeps } from './dev-server';

/**
 * Run's install is the packages module's own (the same proxy, limits and records as the
 * Packages panel), its output passed on to the dev server's log. A refusal (an install already
 * running, the server busy) is a failed install, said as the packages module says it.
 */
export function packagesInstaller(packages: PackagesDeps): DevServerDeps['installPackages'] {
  return async ({ userId, projectId, emit }) => {
    let outcome = { ok: false, message: 'The install ended without a result.' };
    try {
      const install = await startPackageInstall({ ...packages, userId, projectId, force: false });
      await install.run((event) => {
        if (event.type === 'output') emit(event.data);
        else outcome = { ok: event.ok, message: event.message };
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { ok: false, message: error.message };
    }
    return outcome;
  };
}

/** A project file's text as the database has it (the editor's view), or null. */
export function projectFileReader(db: Database): DevServerDeps['readFile'] {
  return (projectId) => async (path) => {
    const file = await getFileByPath({ db, projectId, path });
    if (!file || file.isDirectory) return null;
    return file.content ?? '';
  };
}
