import type { TemplateId, UploadedFile } from '@kiln/shared';
import { buildProjectHandoff, templateName, type ProjectHandoff } from './derive-project';

/**
 * A project from a template picked in the full list. With a description or a zip in the draft
 * it is named and described from them, as any draft is; with neither it takes the template's
 * own name ("Go Web Server"), which says more than "new-project".
 */
export function templateHandoff({
  templateId,
  prompt,
  files,
}: {
  templateId: TemplateId;
  prompt: string;
  files: readonly UploadedFile[];
}): ProjectHandoff {
  const handoff = buildProjectHandoff({ prompt, files, templateId });
  const fromDraft = prompt.trim() !== '' || handoff.zipFiles.length > 0;
  return fromDraft ? handoff : { ...handoff, name: templateName(templateId) };
}
