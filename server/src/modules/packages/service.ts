import type { InstallEvent, PackageSettings, PackageStatus } from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isFolderIn, RootedFolder } from '../../lib/rooted-folder';
import { runEnvironment } from '../../sandbox/run-environment';
import type { OpenBridge, Sandbox, SessionBridge } from '../../sandbox/types';
import { getFileByPath } from '../files';
import { getEditableProject, getReadableProject } from '../projects';
import type { WorkspaceLease, Workspaces } from '../workspaces';
import { measureFolder, type FolderUsage } from './folder-usage';
import { npmCommand, pythonCommand, type InstallCommand } from './install-commands';
import { describeFailedStep, describeInstalled, describeOversizedFolder } from './install-messages';
import { runInstallStep, type StepOutcome } from './install-step';
import type { InstallTracker, RunningInstall } from './install-tracker';
import { detectManifests, manifestHash, type EcosystemManifest } from './manifests';
import {
  readPackageRecord,
  recordedAt,
  recordedHash,
  recordInstall,
  saveAllowScripts,
} from './package-records';
import { portableLockfile } from './portable-lockfile';
import { createRegistryBridge, NPM_CACHE_FOLDER, type RegistryBridge } from './registry-bridge';
import type { RegistryProxy } from './registry-proxy/registry-proxy';
import { readWorkspaceText, replaceWorkspaceText } from './workspace-files';

export interface InstallLimits {
  timeoutMs: number;
  maxBytes: number;
  maxEntries: number;
}

export interface PackagesDeps {
  db: Database;
  sandbox: Sandbox;
  workspaces: Workspaces;
  proxy: RegistryProxy;
  installs: InstallTracker;
  limits: InstallLimits;
  /** The project's environment variables: installs get them as runs do. */
  environment: (projectId: string) => Promise<Record<string, string>>;
  /** The project's own database, as DATABASE_URL for install scripts (decision 0017). */
  openDatabaseBridge?: (projectId: string) => Promise<OpenBridge>;
  log: FastifyBaseLogger;
}

type Project = { userId: string; projectId: string };

/** Output passed on per install; past it, lines are dropped (the final message still comes). */
const STREAMED_OUTPUT_CHARS = 1024 * 1024;

export const NEEDS_BUBBLEWRAP =
  'Installing packages needs the bubblewrap sandbox, which this server does not have: it runs ' +
  'JavaScript in QuickJS, where there are no installers. Ask the administrator to install ' +
  'bubblewrap on the server (apt-get install bubblewrap) and restart it.';

export const NOTHING_TO_INSTALL =
  'There is nothing to install: the project has no package.json, requirements.txt or ' +
  'pyproject.toml (with [project] dependencies) at its top level.';

/** A top-level file of the project as the database has it (the editor's view). */
function projectFileReader(db: Database, projectId: string) {
  return async (name: string) => {
    const file = await getFileByPath({ db, projectId, path: name });
    if (!file || file.isDirectory) return null;
    return file.content ?? '';
  };
}

/** The project's manifests and, for each, whether its packages are installed and current. */
export async function getPackageStatus(deps: PackagesDeps & Project): Promise<PackageStatus> {
  const { db, projectId } = deps;
  await getReadableProject({ db, userId: deps.userId, projectId });
  const read = projectFileReader(db, projectId);
  const manifests = await detectManifests(read);
  const record = await readPackageRecord(db, projectId);
  const folder = deps.workspaces.folderOf(projectId);
  const ecosystems = await Promise.all(
    manifests.map(async (manifest) => {
      const recorded = recordedHash(record, manifest.ecosystem);
      const installed = recorded !== null && (await isFolderIn(folder, manifest.folder));
      const current = installed && recorded === (await manifestHash(manifest, read));
      return {
        ecosystem: manifest.ecosystem,
        manifest: manifest.manifest,
        lockfile: manifest.lockfile,
        folder: manifest.folder,
        installed,
        upToDate: current,
        installedAt: installed
          ? (recordedAt(record, manifest.ecosystem)?.toISOString() ?? null)
          : null,
      };
    }),
  );
  return {
    ecosystems,
    allowScripts: record?.allowScripts ?? false,
    installing: deps.installs.isRunning(projectId),
  };
}

/** Whether npm may run the project's packages' install scripts (in the sandbox). */
export async function updatePackageSettings(
  deps: Pick<PackagesDeps, 'db'> & Project & { settings: PackageSettings },
): Promise<PackageSettings> {
  await getEditableProject(deps);
  await saveAllowScripts(deps.db, deps.projectId, deps.settings.allowScripts);
  return { allowScripts: deps.settings.allowScripts };
}

/** The project's setting, for a session that installs (the terminal's too). */
export async function projectAllowsScripts(db: Database, projectId: string): Promise<boolean> {
  return (await readPackageRecord(db, projectId))?.allowScripts ?? false;
}

/** Opens the registry proxy for one of the project's sessions, with the project's settings. */
export async function openProjectRegistryBridge(
  deps: Pick<PackagesDeps, 'db' | 'proxy'>,
  projectId: string,
): Promise<RegistryBridge> {
  const allowScripts = await projectAllowsScripts(deps.db, projectId);
  return createRegistryBridge({ projectId, proxy: deps.proxy, allowScripts });
}

export interface PackageInstall {
  /** Runs the install, reporting as it goes; always ends with one `done` event. */
  run(emit: (event: InstallEvent) => void): Promise<void>;
}

/**
 * Checks everything that can refuse an install before it starts streaming (the owner, the
 * sandbox, an install already running, the manifests), so those answer as plain HTTP errors.
 */
export async function startPackageInstall(
  deps: PackagesDeps & Project & { force: boolean },
): Promise<PackageInstall> {
  const { db, projectId } = deps;
  await getEditableProject({ db, userId: deps.userId, projectId });
  if (!deps.sandbox.openSession) throw new AppError('SERVICE_UNAVAILABLE', NEEDS_BUBBLEWRAP);
  const running = deps.installs.start(projectId);
  let lease: WorkspaceLease | null = null;
  try {
    lease = await deps.workspaces.acquire({ projectId, userId: deps.userId });
    const folder = lease.path;
    const manifests = await detectManifests((name) => readWorkspaceText(folder, name));
    if (manifests.length === 0) throw new AppError('VALIDATION_FAILED', NOTHING_TO_INSTALL);
    const held = lease;
    return {
      run: (emit) =>
        installPackages({ ...deps, lease: held, manifests, running }, emit).finally(async () => {
          await held.release();
          running.finish();
        }),
    };
  } catch (error) {
    await lease?.release();
    running.finish();
    throw error;
  }
}

interface InstallContext extends PackagesDeps, Project {
  force: boolean;
  running: RunningInstall;
  lease: WorkspaceLease;
  manifests: EcosystemManifest[];
}

type EcosystemResult = { ok: true; usage: FolderUsage | null } | { ok: false; message: string };

async function installPackages(
  context: InstallContext,
  emitEvent: (event: InstallEvent) => void,
): Promise<void> {
  const started = performance.now();
  const done = (ok: boolean, message: string) =>
    emitEvent({ type: 'done', ok, message, durationMs: Math.round(performance.now() - started) });
  let streamed = 0;
  const emit = (data: string) => {
    if (streamed >= STREAMED_OUTPUT_CHARS) return;
    streamed += data.length;
    emitEvent({
      type: 'output',
      data:
        streamed < STREAMED_OUTPUT_CHARS
          ? data
          : `${data}\n[Kiln: the rest of the installer's output is not shown]\n`,
    });
  };
  const { db, projectId, lease } = context;
  const readDisk = (name: string) => readWorkspaceText(lease.path, name);
  let bridge: RegistryBridge | null = null;
  let database: OpenBridge | undefined;
  try {
    const record = await readPackageRecord(db, projectId);
    bridge = await createRegistryBridge({
      projectId,
      proxy: context.proxy,
      allowScripts: record?.allowScripts ?? false,
    });
    database = await context.openDatabaseBridge?.(projectId);
    const env = {
      ...runEnvironment(await context.environment(projectId)),
      ...bridge.env,
      ...database?.env,
    };
    const bridges = [bridge.bridge, ...(database ? [database.bridge] : [])];
    const deadline = Date.now() + context.limits.timeoutMs;
    const installed: Array<{ manifest: EcosystemManifest; usage: FolderUsage | null }> = [];
    const upToDate: EcosystemManifest[] = [];
    let failure: string | null = null;
    for (const manifest of context.manifests) {
      const hash = await manifestHash(manifest, readDisk);
      const present = await isFolderIn(lease.path, manifest.folder);
      if (!context.force && present && recordedHash(record, manifest.ecosystem) === hash) {
        emit(`${manifest.folder} is up to date with ${manifest.manifest}.\n`);
        upToDate.push(manifest);
        continue;
      }
      // Until it succeeds, the ecosystem does not count as installed.
      await recordInstall(db, projectId, manifest.ecosystem, null);
      const result = await installEcosystem(context, {
        manifest,
        env,
        bridge,
        bridges,
        deadline,
        emit,
      });
      if (!result.ok) {
        failure = result.message;
        break;
      }
      installed.push({ manifest, usage: result.usage });
    }
    // package-lock.json, new or changed, reaches the project's files.
    await lease.flush();
    // Hashed as the files are now: an install without a lockfile has written one.
    const now = await detectManifests(readDisk);
    for (const { manifest } of installed) {
      const current = now.find((found) => found.ecosystem === manifest.ecosystem) ?? manifest;
      await recordInstall(db, projectId, manifest.ecosystem, await manifestHash(current, readDisk));
    }
    if (failure === null) done(true, describeInstalled(installed, upToDate));
    else if (installed.length === 0) done(false, failure);
    // What did install stays installed; the message says both.
    else done(false, `${describeInstalled(installed, [])} ${failure}`);
  } catch (error) {
    context.log.error({ err: error, projectId }, 'package install failed');
    done(
      false,
      'Kiln could not finish the install because of an error of its own. Please try again.',
    );
  } finally {
    await bridge?.close();
    await database?.close();
  }
}

async function installEcosystem(
  context: InstallContext,
  step: {
    manifest: EcosystemManifest;
    env: Record<string, string>;
    bridge: RegistryBridge;
    bridges: SessionBridge[];
    deadline: number;
    emit: (data: string) => void;
  },
): Promise<EcosystemResult> {
  const { manifest, bridge, emit } = step;
  const workspace = context.lease.path;
  const sizeLimits = { maxBytes: context.limits.maxBytes, maxEntries: context.limits.maxEntries };
  const run = async (command: InstallCommand): Promise<StepOutcome> => {
    if (command.banner) emit(command.banner);
    return runInstallStep({
      sandbox: context.sandbox,
      workspace: context.lease.path,
      env: step.env,
      bridges: step.bridges,
      command: command.command,
      deadline: step.deadline,
      emit,
      overLimit: async () =>
        (await measureFolder(workspace, manifest.folder, sizeLimits))?.overLimit ?? false,
      signal: context.running.signal,
    });
  };
  let command =
    manifest.ecosystem === 'npm'
      ? npmCommand(manifest, 'ci')
      : pythonCommand(manifest, context.force);
  let outcome = await run(command);
  if (
    command.name === 'npm ci' &&
    outcome.exitCode !== 0 &&
    outcome.stoppedFor === null &&
    /can only install packages when your package\.json and package-lock\.json/.test(outcome.tail)
  ) {
    emit(`\n${manifest.manifest} changed since ${manifest.lockfile} was written: updating it.\n`);
    command = npmCommand(manifest, 'install');
    outcome = await run(command);
  }
  const usage = await measureFolder(workspace, manifest.folder, sizeLimits);
  if (manifest.ecosystem === 'npm') await boundNpmCache(workspace, sizeLimits);
  if (outcome.stoppedFor === 'size' || usage?.overLimit) {
    await removeFromWorkspace(workspace, manifest.folder);
    const measured = usage ?? { bytes: Infinity, entries: Infinity, overLimit: true };
    return { ok: false, message: describeOversizedFolder(manifest, measured, sizeLimits) };
  }
  if (outcome.exitCode !== 0) {
    const message = describeFailedStep({
      manifest,
      command,
      outcome,
      problems: bridge.problems(),
      timeoutMs: context.limits.timeoutMs,
    });
    return { ok: false, message };
  }
  if (manifest.ecosystem === 'npm') await makeLockfilePortable(context, manifest);
  return { ok: true, usage };
}

/** npm's cache in the workspace only saves time: past the install limits it is dropped. */
async function boundNpmCache(
  workspace: string,
  limits: { maxBytes: number; maxEntries: number },
): Promise<void> {
  if ((await measureFolder(workspace, NPM_CACHE_FOLDER, limits))?.overLimit) {
    await removeFromWorkspace(workspace, NPM_CACHE_FOLDER);
  }
}

/** Removes a folder the sandbox wrote, never following a link it made. */
function removeFromWorkspace(workspace: string, name: string): Promise<void> {
  return RootedFolder.with(workspace, (rooted) => rooted.remove(name));
}

/** npm's lockfile names the proxy's addresses; the project keeps the registry's own. */
async function makeLockfilePortable(
  context: InstallContext,
  manifest: EcosystemManifest,
): Promise<void> {
  const folder = context.lease.path;
  for (const name of [manifest.lockfile ?? 'package-lock.json', 'npm-shrinkwrap.json']) {
    const text = await readWorkspaceText(folder, name);
    const portable = text === null ? null : portableLockfile(text, context.proxy.upstreams.npm);
    if (portable !== null) await replaceWorkspaceText(folder, name, portable);
  }
}
