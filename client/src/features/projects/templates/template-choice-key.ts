/** Where a template choice is kept (template-choice.ts), known without the template catalog. */
export const TEMPLATE_CHOICE_KEY = 'kiln:template-choice';

/** Whether a choice may be waiting: read before loading what reads and acts on it. */
export function mayHaveTemplateChoice(): boolean {
  try {
    return sessionStorage.getItem(TEMPLATE_CHOICE_KEY) !== null;
  } catch {
    return false;
  }
}
