import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  TEMPLATE_CATALOG,
  type CreateProjectInput,
  type TemplateId,
  type UploadedFile,
} from '@kiln/shared';

/** What the create dialog hands to project creation. */
export interface ProjectHandoff {
  name: string;
  description: string;
  language: string;
  templateId: TemplateId;
  zipFiles: Pick<UploadedFile, 'id' | 'name' | 'extractedFiles'>[];
}

type Attachment = Pick<UploadedFile, 'name' | 'isZip'>;

export const FALLBACK_PROJECT_NAME = 'new-project';
export const DEFAULT_LANGUAGE = 'javascript';

function firstZip<T extends Attachment>(files: readonly T[]): T | undefined {
  return files.find((file) => file.isZip);
}

/**
 * A zip names the project after its file (without .zip, lower-cased, anything
 * outside a-z, 0-9 and hyphen replaced by a hyphen); otherwise the prompt's first three words
 * (lower-cased, other characters stripped) joined by hyphens, falling back to 'new-project'.
 * A word that strips to nothing is dropped rather than leaving a stray hyphen. The cap is the
 * server's name limit.
 */
export function deriveProjectName(prompt: string, files: readonly Attachment[] = []): string {
  const zip = firstZip(files);
  const name = zip ? zipProjectName(zip.name) : promptProjectName(prompt);
  return (name || FALLBACK_PROJECT_NAME).slice(0, PROJECT_NAME_MAX);
}

/** A direct zip or folder import is named the way an attached zip names its project. */
export function importedProjectName(zipOrFolderName: string): string {
  return (zipProjectName(zipOrFolderName) || FALLBACK_PROJECT_NAME).slice(0, PROJECT_NAME_MAX);
}

function zipProjectName(fileName: string): string {
  return fileName
    .replace(/\.zip$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');
}

function promptProjectName(prompt: string): string {
  return prompt
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .map((word) => word.toLowerCase().replace(/[^a-z0-9-]/g, ''))
    .filter(Boolean)
    .join('-');
}

/**
 * The description: the prompt, or 'Imported from {zip name}' when only a zip was given; capped
 * at the server's description limit.
 */
export function deriveProjectDescription(
  prompt: string,
  files: readonly Attachment[] = [],
): string {
  const text = prompt.trim();
  if (text) return text.slice(0, PROJECT_DESCRIPTION_MAX);
  const zip = firstZip(files);
  return zip ? `Imported from ${zip.name}` : '';
}

function findTemplate(templateId: TemplateId) {
  return TEMPLATE_CATALOG.find((template) => template.id === templateId);
}

/** The chosen template's language; a blank start defaults to javascript. */
export function templateLanguage(templateId: TemplateId): string {
  if (templateId === 'blank') return DEFAULT_LANGUAGE;
  return findTemplate(templateId)?.language ?? DEFAULT_LANGUAGE;
}

export function templateName(templateId: TemplateId): string {
  return findTemplate(templateId)?.name ?? templateId;
}

export function buildProjectHandoff({
  prompt,
  files,
  templateId = 'blank',
}: {
  prompt: string;
  files: readonly UploadedFile[];
  templateId?: TemplateId;
}): ProjectHandoff {
  return {
    name: deriveProjectName(prompt, files),
    description: deriveProjectDescription(prompt, files),
    language: templateLanguage(templateId),
    templateId,
    zipFiles: files
      .filter((file) => file.isZip)
      .map(({ id, name, extractedFiles }) => ({ id, name, extractedFiles })),
  };
}

/** The POST /api/projects body: the server only needs each zip's upload id and name. */
export function toCreateProjectInput(handoff: ProjectHandoff): CreateProjectInput {
  return {
    name: handoff.name,
    description: handoff.description,
    language: handoff.language,
    templateId: handoff.templateId,
    tags: [],
    zipFiles: handoff.zipFiles.map(({ id, name }) => ({ id, name })),
  };
}

/**
 * What follows a successful create: the editor opens on every path, so nobody is left on the
 * dashboard wondering where the project went. A written prompt on a blank start first asks the
 * AI to build it, when the server has an AI provider; without one the project keeps the
 * description and opens as it is. A template, or a zip-only import (its 'Imported from'
 * description is nothing for the AI to build), opens at once so nothing is generated over it.
 */
export type CreationOutcome = 'generate' | 'open-editor';

export function creationOutcome(
  prompt: string,
  handoff: ProjectHandoff,
  options: { aiAvailable: boolean },
): CreationOutcome {
  if (handoff.templateId !== 'blank') return 'open-editor';
  if (prompt.trim() && options.aiAvailable) return 'generate';
  return 'open-editor';
}
