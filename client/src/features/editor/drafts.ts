/**
 * Edits not yet saved, kept in the browser so a reload or a dropped connection loses nothing
 * (decision 0006). Keyed by project; each draft remembers the version its edit started from.
 */
export interface Draft {
  fileId: string;
  content: string;
  baseVersion: number;
}

export type Drafts = Record<string, Draft>;

const key = (projectId: string) => `kiln:drafts:${projectId}`;

export function loadDrafts(projectId: string): Drafts {
  try {
    const raw = localStorage.getItem(key(projectId));
    return raw ? (JSON.parse(raw) as Drafts) : {};
  } catch {
    return {};
  }
}

export function storeDrafts(projectId: string, drafts: Drafts) {
  try {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(key(projectId));
    else localStorage.setItem(key(projectId), JSON.stringify(drafts));
  } catch {
    // A full or blocked storage only loses the offline copy; saving still goes on.
  }
}
