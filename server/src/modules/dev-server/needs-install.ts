import { isFolderIn } from '../../lib/rooted-folder';
import type { ProjectFileReader } from './detect-command';

/**
 * Whether Run must install packages before it starts the app: a manifest that lists some, and
 * no installed folder beside it. An out-of-date install is left alone (the Packages panel says
 * so); Run only makes a fresh workspace usable.
 */
export async function needsInstall(workspace: string, read: ProjectFileReader): Promise<boolean> {
  const manifest = await read('package.json');
  if (
    manifest !== null &&
    listsPackages(manifest) &&
    !(await isFolderIn(workspace, 'node_modules'))
  ) {
    return true;
  }
  const requirements = await read('requirements.txt');
  return (
    requirements !== null &&
    /^\s*[^#\s-]/m.test(requirements) &&
    !(await isFolderIn(workspace, '.venv'))
  );
}

function listsPackages(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return false;
    return ['dependencies', 'devDependencies'].some((field) => {
      const value: unknown = (parsed as Record<string, unknown>)[field];
      return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
    });
  } catch {
    return false;
  }
}
