import { ProjectFileSchema, type ProjectFile, type ProjectFileEntry } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-error';
import { storageRefusal } from '../../lib/storage-refusal';
import { fileContentQueryKey, filesQueryKey, getFileContent, saveFile, storeFile } from './api';
import { loadDrafts, storeDrafts, type Drafts } from './drafts';
import type { SaveState } from './save-status';

/** Quiet time after the last keystroke before saving. */
const AUTOSAVE_DELAY_MS = 1000;
/** The 'saved' badge shows for 2 seconds. */
const SAVED_BADGE_MS = 2000;
const RETRY_DELAY_MS = 5000;

export interface SaveConflict {
  path: string;
  mine: string;
  current: ProjectFile;
}

type Outcome = 'saved' | 'conflict' | 'failed' | 'skipped';

/** How a change saved by another call went (saveThrough): `unsaved` when pending edits of the file could not be saved first. */
export type SaveThroughOutcome = 'saved' | 'conflict' | 'unsaved';

/** Texts compare equal whatever their line endings (Monaco may normalise mixed ones). */
const sameText = (a: string, b: string) => a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');

/** The file as it now is, from the 409 a save based on an old version answers (StaleSaveResponse). */
function staleCurrent(error: unknown): ProjectFile | null {
  if (!(error instanceof ApiError && error.code === 'CONFLICT')) return null;
  const current = ProjectFileSchema.safeParse(error.details.current);
  return current.success ? current.data : null;
}

/**
 * Autosave that never loses an edit (decision 0006): each draft carries the version it was based on,
 * is kept in the browser until the server has it, is retried after a failure or when the
 * connection returns, and a save based on an old version becomes a conflict to resolve.
 */
export function useAutosave(
  projectId: string,
  options: {
    /** Each save the server accepted, by path (live collaboration tells the others). */
    onSaved?: (path: string) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const onSaved = useRef(options.onSaved);
  useEffect(() => {
    onSaved.current = options.onSaved;
  });
  const [drafts, setDrafts] = useState<Drafts>(() => loadDrafts(projectId));
  const [state, setState] = useState<SaveState>(() =>
    Object.keys(loadDrafts(projectId)).length > 0 ? 'unsaved' : 'idle',
  );
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const draftsRef = useRef(drafts);
  const inFlight = useRef(new Set<string>());
  const timers = useRef<{ save?: number; saved?: number; retry?: number }>({});
  // A retry calls the latest saveAll, which cannot name itself while it is being defined.
  const retry = useRef<() => void>(() => undefined);
  /** Why the last save failed, for its toast. */
  const lastFailure = useRef<unknown>(null);
  /** A full project is said once, not at every retry, until a save goes through again. */
  const toldFull = useRef(false);

  useEffect(() => storeDrafts(projectId, drafts), [projectId, drafts]);

  /** Saves read the drafts between renders, so the ref is updated at once, with the state. */
  const updateDrafts = useCallback((change: (previous: Drafts) => Drafts) => {
    const next = change(draftsRef.current);
    draftsRef.current = next;
    setDrafts(next);
  }, []);

  const replaceInCache = useCallback(
    (file: ProjectFile) => storeFile(queryClient, file),
    [queryClient],
  );

  const saveOne = useCallback(
    async (path: string): Promise<Outcome> => {
      const draft = draftsRef.current[path];
      if (!draft || inFlight.current.has(path)) return 'skipped';
      inFlight.current.add(path);
      try {
        const saved = await saveFile(draft.fileId, {
          content: draft.content,
          baseVersion: draft.baseVersion,
        });
        replaceInCache(saved);
        onSaved.current?.(path);
        updateDrafts((previous) => {
          const current = previous[path];
          if (!current) return previous;
          const next = { ...previous };
          // Typing may have gone on while the save was in flight: keep that, on the new version.
          if (current.content === draft.content) delete next[path];
          else next[path] = { ...current, baseVersion: saved.version };
          return next;
        });
        return 'saved';
      } catch (error) {
        const current = staleCurrent(error);
        if (current) {
          setConflict({ path, mine: draft.content, current });
          return 'conflict';
        }
        lastFailure.current = error;
        return 'failed';
      } finally {
        inFlight.current.delete(path);
      }
    },
    [replaceInCache, updateDrafts],
  );

  const saveAll = useCallback(async () => {
    window.clearTimeout(timers.current.save);
    const paths = Object.keys(draftsRef.current);
    if (paths.length === 0) return;
    setState('saving');
    const outcomes = await Promise.all(paths.map(saveOne));
    if (outcomes.includes('failed')) {
      setState('unsaved');
      // Out of room, the edits stay in this browser and are tried again like any failed save,
      // so they go through once files are deleted, the plan upgraded or the server given room.
      const full = storageRefusal(lastFailure.current);
      if (!full) toast({ title: 'Failed to save file.', variant: 'destructive' });
      else if (!toldFull.current) toast({ ...full, variant: 'destructive' });
      toldFull.current = full !== null;
      window.clearTimeout(timers.current.retry);
      timers.current.retry = window.setTimeout(() => retry.current(), RETRY_DELAY_MS);
      return;
    }
    toldFull.current = false;
    if (outcomes.includes('conflict') || Object.keys(draftsRef.current).length > 0) {
      setState('unsaved');
      return;
    }
    setLastSavedAt(Date.now());
    setState('saved');
    window.clearTimeout(timers.current.saved);
    timers.current.saved = window.setTimeout(
      () => setState((current) => (current === 'saved' ? 'idle' : current)),
      SAVED_BADGE_MS,
    );
  }, [saveOne]);

  useEffect(() => {
    retry.current = () => void saveAll();
  }, [saveAll]);

  const edit = useCallback(
    (file: ProjectFile, content: string) => {
      updateDrafts((previous) => {
        const base = previous[file.path]?.baseVersion ?? file.version;
        if (content === file.content && base === file.version) {
          const next = { ...previous };
          delete next[file.path];
          return next;
        }
        return { ...previous, [file.path]: { fileId: file.id, content, baseVersion: base } };
      });
      setState('unsaved');
      window.clearTimeout(timers.current.save);
      timers.current.save = window.setTimeout(() => void saveAll(), AUTOSAVE_DELAY_MS);
    },
    [saveAll, updateDrafts],
  );

  /** The conflict dialog's two answers: keep my text over theirs, or take theirs. */
  const resolveConflict = useCallback(
    (choice: 'mine' | 'theirs') => {
      if (!conflict) return;
      const { path, mine, current } = conflict;
      setConflict(null);
      if (choice === 'mine') {
        updateDrafts((previous) => ({
          ...previous,
          [path]: { fileId: current.id, content: mine, baseVersion: current.version },
        }));
        void saveAll();
      } else {
        replaceInCache(current);
        // The open editor still shows my text: load the saved version into it.
        void import('./monaco-setup').then(({ setOpenFileContent }) =>
          setOpenFileContent(path, current.content ?? ''),
        );
        updateDrafts((previous) => {
          const next = { ...previous };
          delete next[path];
          return next;
        });
        setState('idle');
      }
    },
    [conflict, replaceInCache, saveAll, updateDrafts],
  );

  /**
   * Saves `content` over `path` through another call that checks the version (a quick action's
   * Apply, which also records a checkpoint). Pending edits are saved first, so the call starts
   * from the text on screen; it is sent only while the server still holds `expected`, the text
   * the change was made from, and names that text's version. A file changed elsewhere opens the
   * conflict view with `content` as mine: nothing is overwritten.
   */
  const saveThrough = useCallback(
    async (
      path: string,
      change: { expected: string; content: string },
      send: (baseVersion: number) => Promise<ProjectFile>,
    ): Promise<SaveThroughOutcome> => {
      await saveAll();
      if (draftsRef.current[path]) return 'unsaved';
      const entry = queryClient
        .getQueryData<ProjectFileEntry[]>(filesQueryKey(projectId))
        ?.find((file) => file.path === path && !file.isDirectory);
      // A version's text never changes, so the cached one serves when there is one.
      const current = entry
        ? await queryClient.fetchQuery({
            queryKey: fileContentQueryKey(entry),
            queryFn: () => getFileContent(entry),
          })
        : await getFileContent({ projectId, path });
      if (!sameText(current.content ?? '', change.expected)) {
        setConflict({ path, mine: change.content, current });
        return 'conflict';
      }
      try {
        replaceInCache(await send(current.version));
        onSaved.current?.(path);
        return 'saved';
      } catch (error) {
        const stale = staleCurrent(error);
        if (!stale) throw error;
        setConflict({ path, mine: change.content, current: stale });
        return 'conflict';
      }
    },
    [projectId, queryClient, replaceInCache, saveAll],
  );

  // Drafts left from a reload or a lost connection are sent as soon as possible.
  useEffect(() => {
    if (Object.keys(draftsRef.current).length > 0) void saveAll();
    const online = () => void saveAll();
    window.addEventListener('online', online);
    const current = timers.current;
    return () => {
      window.removeEventListener('online', online);
      window.clearTimeout(current.save);
      window.clearTimeout(current.saved);
      window.clearTimeout(current.retry);
    };
  }, [saveAll]);

  return { drafts, state, lastSavedAt, edit, saveAll, saveThrough, conflict, resolveConflict };
}
