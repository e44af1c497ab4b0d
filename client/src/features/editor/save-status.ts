export type SaveState = 'idle' | 'unsaved' | 'saving' | 'saved';

/** The autosave indicator's texts. */
export function saveStatusText(state: SaveState, lastSavedAt: number | null, now = Date.now()) {
  if (state === 'saving') return 'Saving...';
  if (state === 'saved') return 'Saved';
  if (state === 'unsaved') return 'Unsaved changes';
  if (lastSavedAt === null) return 'All changes saved';
  const minutes = Math.floor((now - lastSavedAt) / 60_000);
  if (minutes < 1) return 'Saved just now';
  if (minutes < 60) return `Saved ${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Saved ${hours}h ago`;
  return `Saved ${Math.floor(hours / 24)}d ago`;
}
