import type { PackageEcosystem } from '@kiln/shared';
import { formatBytes, formatCount } from '../../lib/format';
import type { FolderUsage } from './folder-usage';
import type { InstallCommand } from './install-commands';
import type { StepOutcome } from './install-step';
import type { EcosystemManifest } from './manifests';
import type { RegistryProblem } from './registry-proxy/problems';

const REGISTRY_NAMES: Record<PackageEcosystem, string> = {
  npm: 'the npm registry',
  python: 'the Python package index',
};
const SETTINGS: Record<PackageEcosystem, string> = {
  npm: 'NPM_REGISTRY_URL',
  python: 'PIP_INDEX_URL',
};

/** "5 minutes", "90 seconds": the install's time limit as a person reads it. */
function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 !== 0) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = seconds / 60;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const quoted = (names: string[]) => names.map((name) => `'${name}'`).join(', ');

/** What the proxy saw go wrong, said for a person; null when it saw nothing wrong. */
function describeProblems(manifest: EcosystemManifest, problems: RegistryProblem[]): string | null {
  const { ecosystem } = manifest;
  const mine = problems.filter((problem) => problem.ecosystem === ecosystem);
  const registry = REGISTRY_NAMES[ecosystem];
  const unreachable = mine.find((problem) => problem.kind === 'unreachable');
  if (unreachable) {
    return `Kiln could not reach ${registry} (${unreachable.registry}): ${unreachable.detail}. Try again in a while; if it keeps failing, ask the administrator to check ${SETTINGS[ecosystem]}.`;
  }
  const missing = mine.flatMap((problem) => (problem.kind === 'not-found' ? [problem.name] : []));
  if (missing.length === 1) {
    return `No package named '${missing[0]}' exists in ${registry}: check its name in ${manifest.manifest}.`;
  }
  if (missing.length > 1) {
    return `No packages named ${quoted(missing)} exist in ${registry}: check their names in ${manifest.manifest}.`;
  }
  const noWheel = mine.flatMap((problem) => (problem.kind === 'no-wheel' ? [problem.name] : []));
  if (noWheel.length > 0) {
    return `${quoted(noWheel)} ${noWheel.length === 1 ? 'has' : 'have'} no wheel (a ready-built package) on ${registry}: Kiln installs Python packages from wheels only and never builds them from source.`;
  }
  const tampered = mine.find((problem) => problem.kind === 'integrity');
  if (tampered) {
    return `A download did not match the checksum ${registry} published for it, so Kiln refused it (${tampered.url}).`;
  }
  const failing = mine.find((problem) => problem.kind === 'upstream-error');
  if (failing) {
    return `${registry[0]!.toUpperCase()}${registry.slice(1)} answered with an error (HTTP ${failing.status}). Try again in a while.`;
  }
  return null;
}

/** What the installer's own output says, for the failures it names precisely. */
function describeOutput(manifest: EcosystemManifest, tail: string): string | null {
  const noDistribution = /No matching distribution found for ([^\s]+)/.exec(tail);
  if (noDistribution) {
    return `No version of '${noDistribution[1]}' matching ${manifest.manifest} has a wheel for this server's Python: Kiln installs Python packages from wheels only.`;
  }
  const noVersion = /No matching version found for (\S+?)\.?\s/.exec(tail);
  if (noVersion) {
    return `No published version of ${noVersion[1]} matches what ${manifest.manifest} asks for.`;
  }
  if (/\bERESOLVE\b/.test(tail)) {
    return 'npm could not settle on versions that satisfy every package (a peer dependency conflict); the output above names them.';
  }
  if (/kiln: python3 is not installed/.test(tail)) {
    return 'Python packages cannot be installed: this server has no python3.';
  }
  if (/ensurepip is not available/.test(tail)) {
    return "Python packages cannot be installed: this server's python3 has no venv module (on Debian or Ubuntu, ask the administrator to install python3-venv).";
  }
  if (/No module named 'tomllib'/.test(tail)) {
    return "Reading pyproject.toml needs Python 3.11 or later; list the project's packages in requirements.txt instead.";
  }
  return null;
}

/** Why one installer failed, in a person's terms, most specific reason first. */
export function describeFailedStep(options: {
  manifest: EcosystemManifest;
  command: InstallCommand;
  outcome: StepOutcome;
  problems: RegistryProblem[];
  timeoutMs: number;
}): string {
  const { manifest, command, outcome } = options;
  if (outcome.stoppedFor === 'server') {
    return 'The server is stopping, so the install was cut short. Install again in a moment.';
  }
  if (outcome.stoppedFor === 'time') {
    return `The install took longer than ${describeDuration(options.timeoutMs)} and was stopped.`;
  }
  return (
    describeProblems(manifest, options.problems) ??
    describeOutput(manifest, outcome.tail) ??
    `${command.name} failed (exit code ${outcome.exitCode ?? 'none'}): its output above says why.`
  );
}

/** An installed folder past the limits, which was removed. */
export function describeOversizedFolder(
  manifest: EcosystemManifest,
  usage: FolderUsage,
  limits: { maxBytes: number; maxEntries: number },
): string {
  const over =
    usage.bytes > limits.maxBytes
      ? `more than ${formatBytes(limits.maxBytes)}`
      : `more than ${formatCount(limits.maxEntries)} files`;
  return `The packages of ${manifest.manifest} take ${over}, the most a project may install, so ${manifest.folder} was removed. Remove the packages you do not need and install again.`;
}

/** What an install did, in one sentence. */
export function describeInstalled(
  installed: Array<{ manifest: EcosystemManifest; usage: FolderUsage | null }>,
  upToDate: EcosystemManifest[],
): string {
  const parts = installed.map(({ manifest, usage }) =>
    usage
      ? `${manifest.manifest} (${manifest.folder}: ${formatBytes(usage.bytes)} in ${formatCount(usage.entries)} files)`
      : manifest.manifest,
  );
  const current = upToDate.map((manifest) => manifest.manifest);
  if (parts.length === 0) {
    return `The packages of ${current.join(' and ')} are already installed and up to date.`;
  }
  const also = current.length > 0 ? ` ${current.join(' and ')} was already up to date.` : '';
  return `Installed the packages of ${parts.join(' and ')}.${also}`;
}
