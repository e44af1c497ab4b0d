import { EXEC_LIMITS, type RunLimitHit } from '@kiln/shared';
import { OutputBuffer } from './output-buffer';
import type { RunOutcome } from './types';

/** Output past this is not worth waiting for: the run is stopped (OutputBuffer's flood mark). */
export const OUTPUT_FLOOD_BYTES = 16 * EXEC_LIMITS.outputBytes;

const MB = 1024 * 1024;

/** What each limit tells the user, in the terms of EXEC_LIMITS. */
export const LIMIT_MESSAGES: Record<RunLimitHit, string> = {
  time: `Time limit exceeded: the program was stopped after ${EXEC_LIMITS.wallMs / 1000} s.`,
  cpu: `CPU time limit exceeded: the program used more than ${EXEC_LIMITS.cpuSeconds} s of CPU and was stopped.`,
  memory: `Memory limit exceeded: the program tried to use more than ${EXEC_LIMITS.memoryBytes / MB} MB.`,
  output: `Output limit exceeded: the program printed more than ${OUTPUT_FLOOD_BYTES / MB} MB and was stopped.`,
};

export const TRUNCATION_NOTICE = `[Output truncated: only the first ${EXEC_LIMITS.outputBytes / 1024} KB is shown]`;

/** Node and Python say they ran out of memory in these words. */
const OUT_OF_MEMORY =
  /JavaScript heap out of memory|InternalError: out of memory|Fatal (?:process|JavaScript) out of memory|Fatal process OOM|^MemoryError\b/m;
/**
 * What V8 prints as it dies of memory besides its one-line reason: GC traces, section rulers
 * and native stack frames, noise to anyone reading a run's errors.
 */
const V8_DIAGNOSTICS =
  /^(?:\s*\d+: 0x[0-9a-f]+.*|\[\d+:0x[0-9a-f]+\].*|<--- .* --->|----- Native stack trace -----)\n?/gm;

export function looksOutOfMemory(output: OutputBuffer): boolean {
  return OUT_OF_MEMORY.test(output.stderrTail);
}

/** Turns how a run ended into what the user is shown: output, error and the limit it hit. */
export function describeRun(end: {
  output: OutputBuffer;
  exitCode: number | null;
  limit: RunLimitHit | null;
  durationMs: number;
}): RunOutcome {
  const { output, limit } = end;
  let stdout = output.text('stdout');
  let stderr = output.text('stderr');
  if (limit === 'memory')
    stderr = stderr
      .replace(V8_DIAGNOSTICS, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  if (output.truncated)
    stdout = `${stdout}${stdout.endsWith('\n') || !stdout ? '' : '\n'}${TRUNCATION_NOTICE}\n`;

  const problems = [stderr.trimEnd()];
  if (limit) problems.push(LIMIT_MESSAGES[limit]);
  else if (end.exitCode !== null && end.exitCode !== 0 && !stderr.trim()) {
    problems.push(`Process exited with code ${end.exitCode}.`);
  }
  const error = problems.filter(Boolean).join('\n');
  return {
    output: stdout,
    error: error === '' ? null : error,
    exitCode: end.exitCode,
    durationMs: Math.round(end.durationMs),
    truncated: output.truncated,
    limit,
  };
}

/** A run that never started because its TypeScript or ES module code did not compile. */
export function compileFailure(message: string, started: number): RunOutcome {
  const output = new OutputBuffer(EXEC_LIMITS.outputBytes, OUTPUT_FLOOD_BYTES, () => {});
  output.write('stderr', message);
  return describeRun({ output, exitCode: 1, limit: null, durationMs: performance.now() - started });
}
