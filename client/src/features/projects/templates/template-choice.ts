import { TEMPLATE_IDS, type TemplateId } from '@kiln/shared';

/**
 * A template picked on the public /templates page by someone signed out, kept for the length
 * of the visit so that signing in or registering carries on to create it. Kept in
 * sessionStorage, set only by a click on this site: a link cannot make a project for someone.
 */
const KEY = 'kiln:template-choice';
/** A choice older than this was abandoned: nobody expects it to act on a later visit. */
const MAX_AGE_MS = 30 * 60 * 1000;

export function rememberTemplateChoice(templateId: TemplateId, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ templateId, at: now }));
  } catch {
    // Storage refused (a private mode): the person picks the template again after signing in.
  }
}

/** The remembered choice, if fresh, removed as it is read so it acts once. */
export function takeTemplateChoice(now = Date.now()): TemplateId | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  return parseTemplateChoice(stored, now);
}

export function parseTemplateChoice(stored: string | null, now: number): TemplateId | null {
  if (!stored) return null;
  try {
    const { templateId, at } = JSON.parse(stored) as { templateId?: unknown; at?: unknown };
    const known = TEMPLATE_IDS.find((id) => id === templateId);
    if (!known || typeof at !== 'number' || now - at > MAX_AGE_MS || at > now) return null;
    return known;
  } catch {
    return null;
  }
}
