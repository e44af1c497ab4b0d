import { z } from 'zod';
import { TEMPLATE_IDS } from '../templates/catalog';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_TAG_MAX,
  PROJECT_TAGS_MAX,
} from './limits';

const NameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PROJECT_NAME_MAX, `Name must be at most ${PROJECT_NAME_MAX} characters`);

const DescriptionSchema = z
  .string()
  .trim()
  .max(
    PROJECT_DESCRIPTION_MAX,
    `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`,
  );

export const LanguageSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Language is required')
  .max(30, 'Language must be at most 30 characters')
  .regex(/^[a-z0-9+#.-]+$/, 'Language may use letters, digits and + # . -');

const TagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Tags cannot be empty')
      .max(PROJECT_TAG_MAX, `Each tag must be at most ${PROJECT_TAG_MAX} characters`),
  )
  .max(PROJECT_TAGS_MAX, `A project has at most ${PROJECT_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

/** A zip uploaded earlier through POST /api/upload/project-file, by its upload id. */
export const ZipFileRefSchema = z.object({
  id: z.uuid('zipFiles.id must be an upload id'),
  name: z.string().max(255),
});

/**
 * A name taken by another of the owner's projects is made unique, on creation and on rename
 * alike, by adding " (2)", " (3)"…: the answer carries the name the project got.
 */
export const CreateProjectInputSchema = z
  .object({
    name: NameSchema,
    description: DescriptionSchema.optional().default(''),
    /** Defaults to the template's language, else javascript. */
    language: LanguageSchema.optional(),
    templateId: z
      .enum(TEMPLATE_IDS, { error: 'templateId is not a known template' })
      .optional()
      .default('blank'),
    tags: TagsSchema.optional().default([]),
    zipFiles: z
      .array(ZipFileRefSchema)
      .max(10, 'At most 10 zips per project')
      .optional()
      .default([]),
    /**
     * Start with no files at all, for a folder import that uploads its files next
     * (POST /api/files/upload/:projectId): the blank template's README would sit beside the
     * folder's own.
     */
    empty: z.boolean().optional().default(false),
  })
  .refine((input) => !input.empty || input.templateId === 'blank', {
    message: 'An empty project starts from the blank template',
    path: ['empty'],
  });
export type CreateProjectInput = z.input<typeof CreateProjectInputSchema>;

export const UpdateProjectInputSchema = z
  .object({
    starred: z.boolean(),
    name: NameSchema,
    description: DescriptionSchema,
    tags: TagsSchema,
    language: LanguageSchema,
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, {
    message: 'Send at least one of starred, name, description, tags, language',
  });
export type UpdateProjectInput = z.input<typeof UpdateProjectInputSchema>;

/**
 * The GitHub link appears in camelCase and snake_case, and both spellings are part of the
 * public API.
 */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  tags: z.array(z.string()),
  starred: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  githubOwner: z.string().nullable(),
  githubRepo: z.string().nullable(),
  autoSyncEnabled: z.boolean(),
  github_owner: z.string().nullable(),
  github_branch: z.string(),
  last_synced_at: z.string().nullable(),
  auto_sync_enabled: z.boolean(),
  sync_interval: z.number(),
});
export type Project = z.infer<typeof ProjectSchema>;
export const ProjectListSchema = z.array(ProjectSchema);

export const ProjectIdParamsSchema = z.object({ id: z.uuid('Project not found') });
