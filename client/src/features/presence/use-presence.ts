import type { Collaborator, PresenceServerMessage } from '@kiln/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyPresenceMessage, EMPTY_ROSTER, type PresenceRoster } from './collaborators';
import { PresenceConnection, presenceUrl, type PresenceStatus } from './presence-connection';

/** Someone else saved a file of the project. */
export type RemoteSave = Extract<PresenceServerMessage, { type: 'file_updated' }>;

export interface Presence {
  status: PresenceStatus;
  /** This tab's connection id, once joined. */
  you: string | null;
  collaborators: Collaborator[];
  /** Tells the others which file this tab has open. */
  setActiveFile: (filePath: string | null) => void;
  /** Tells the others this tab saved a file. */
  fileSaved: (filePath: string) => void;
  /** Hears the others' saves; answers the function that stops listening. */
  onRemoteSave: (listener: (save: RemoteSave) => void) => () => void;
}

/** The project's live collaboration: who is here, what they open and save. */
export function usePresence(projectId: string): Presence {
  const [status, setStatus] = useState<PresenceStatus>('connecting');
  const [roster, setRoster] = useState<PresenceRoster>(EMPTY_ROSTER);
  const connection = useRef<PresenceConnection | null>(null);
  // Set before the connection exists (the first file opens with the page): sent on join.
  const activeFile = useRef<string | null>(null);
  // The server does not echo this tab's own file back: it is shown from here.
  const [myFile, setMyFile] = useState<string | null>(null);
  const listeners = useRef(new Set<(save: RemoteSave) => void>());

  useEffect(() => {
    const opened = new PresenceConnection({
      url: presenceUrl(window.location),
      projectId,
      onStatus: (next) => {
        setStatus(next);
        // Who is here is unknown while disconnected; the next join tells it again.
        if (next !== 'connected') setRoster(EMPTY_ROSTER);
      },
      onMessage: (message) => {
        setRoster((previous) => applyPresenceMessage(previous, message));
        if (message.type === 'file_updated') {
          for (const listener of listeners.current) listener(message);
        }
      },
    });
    opened.setActiveFile(activeFile.current);
    opened.open();
    connection.current = opened;
    return () => {
      opened.close();
      connection.current = null;
    };
  }, [projectId]);

  const setActiveFile = useCallback((filePath: string | null) => {
    activeFile.current = filePath;
    setMyFile(filePath);
    connection.current?.setActiveFile(filePath);
  }, []);
  const fileSaved = useCallback((filePath: string) => connection.current?.fileSaved(filePath), []);
  const onRemoteSave = useCallback((listener: (save: RemoteSave) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const collaborators = useMemo(
    () =>
      roster.collaborators.map((user) =>
        user.connectionId === roster.you ? { ...user, activeFile: myFile } : user,
      ),
    [roster, myFile],
  );
  return {
    status,
    you: roster.you,
    collaborators,
    setActiveFile,
    fileSaved,
    onRemoteSave,
  };
}
