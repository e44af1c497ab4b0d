import type { Collaborator, PresenceServerMessage } from '@kiln/shared';

export interface PresenceRoster {
  /** This tab's connection, once joined. */
  you: string | null;
  collaborators: Collaborator[];
}

export const EMPTY_ROSTER: PresenceRoster = { you: null, collaborators: [] };

/** The project's collaborators after one server message. */
export function applyPresenceMessage(
  roster: PresenceRoster,
  message: PresenceServerMessage,
): PresenceRoster {
  switch (message.type) {
    case 'users':
      return { you: message.you, collaborators: message.users };
    case 'user_joined':
      return {
        ...roster,
        collaborators: [
          ...roster.collaborators.filter((c) => c.connectionId !== message.user.connectionId),
          message.user,
        ],
      };
    case 'user_left':
      return {
        ...roster,
        collaborators: roster.collaborators.filter((c) => c.connectionId !== message.connectionId),
      };
    case 'file_activity':
      return {
        ...roster,
        collaborators: roster.collaborators.map((c) =>
          c.connectionId === message.connectionId ? { ...c, activeFile: message.filePath } : c,
        ),
      };
    case 'file_updated':
      return roster;
  }
}

/** Up to two initials of a name, for an avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [name.trim()];
  return letters
    .map((word) => [...(word ?? '')].slice(0, words.length > 1 ? 1 : 2).join(''))
    .join('')
    .toUpperCase();
}
