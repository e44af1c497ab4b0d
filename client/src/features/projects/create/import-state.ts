/** Where a direct zip or folder import has got to; the create dialog shows it as it changes. */
export type ImportSource = 'zip' | 'folder';

interface Named {
  source: ImportSource;
  /** The zip's file name or the folder's name. */
  name: string;
}

export type ImportState =
  | { phase: 'idle' }
  | (Named & {
      phase: 'uploading';
      /** Fraction sent, 0 to 1. */
      fraction: number;
      /** Known up front for a folder; a zip's count is known once the server has unpacked it. */
      files: number | null;
      /** Files the server has stored so far (a folder is sent in several requests). */
      filesSent: number;
    })
  | (Named & { phase: 'creating'; files: number })
  | (Named & { phase: 'failed'; message: string });

export function fileCountText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'file' : 'files'}`;
}

/** The sentence the dialog shows (and announces) for a state; empty when idle. */
export function importStatusText(state: ImportState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'uploading':
      return state.files === null
        ? `Uploading ${state.name}…`
        : `Uploading ${state.name}: ${state.filesSent.toLocaleString('en-GB')} of ${fileCountText(state.files)}…`;
    case 'creating':
      return `${state.name}: ${fileCountText(state.files)}. Creating the project…`;
    case 'failed':
      return `Could not import ${state.name}: ${state.message}`;
  }
}
