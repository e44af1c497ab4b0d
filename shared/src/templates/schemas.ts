import { z } from 'zod';
import { TEMPLATE_IDS } from './catalog';

export const TemplateFileSchema = z.object({
  path: z.string(),
  content: z.string(),
  isDirectory: z.boolean(),
});
export type TemplateFile = z.infer<typeof TemplateFileSchema>;

export const TemplateSchema = z.object({
  id: z.enum(TEMPLATE_IDS),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  files: z.array(TemplateFileSchema),
});
export type Template = z.infer<typeof TemplateSchema>;
export const TemplateListSchema = z.array(TemplateSchema);
