import type { TemplateId } from '@kiln/shared';
import { Bot, Database, Gamepad2, Globe, Shapes, type LucideIcon } from 'lucide-react';
import { deriveProjectName, templateLanguage, type ProjectHandoff } from './derive-project';

export interface QuickStart {
  id: 'web-app' | 'data-app' | '3d-game' | 'general' | 'agents';
  label: string;
  templateId: TemplateId;
  icon: LucideIcon;
  beta?: boolean;
}

/** The start screen's quick-start categories and their templates. */
export const QUICK_STARTS: readonly QuickStart[] = [
  {
    id: 'web-app',
    label: 'Web app',
    templateId: 'react-vite',
    icon: Globe,
  },
  {
    id: 'data-app',
    label: 'Data app',
    templateId: 'nodejs-express',
    icon: Database,
  },
  { id: '3d-game', label: '3D Game', templateId: 'blank', icon: Gamepad2 },
  { id: 'general', label: 'General', templateId: 'blank', icon: Shapes },
  {
    id: 'agents',
    label: 'Agents & Automations',
    templateId: 'blank',
    icon: Bot,
    beta: true,
  },
];

export function findQuickStart(id: QuickStart['id'] | null): QuickStart | undefined {
  return QUICK_STARTS.find((quickStart) => quickStart.id === id);
}

/** Creating straight from a quick start, with no prompt: named after it, from its template. */
export function quickStartHandoff(quickStart: QuickStart): ProjectHandoff {
  return {
    name: deriveProjectName(quickStart.label),
    description: '',
    language: templateLanguage(quickStart.templateId),
    templateId: quickStart.templateId,
    zipFiles: [],
  };
}
