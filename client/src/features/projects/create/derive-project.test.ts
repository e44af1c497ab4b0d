import type { UploadedFile } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  buildProjectHandoff,
  creationOutcome,
  deriveProjectDescription,
  deriveProjectName,
  importedProjectName,
  templateLanguage,
  toCreateProjectInput,
} from './derive-project';
import { QUICK_STARTS, quickStartHandoff } from './quick-starts';

function upload(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return {
    id: '6f1c2a9e-4d7b-4c1a-9f0e-3b2d1c0a9e8f',
    name: 'notes.txt',
    type: 'text/plain',
    size: 120,
    content: 'hello',
    url: '/api/upload/project-file/6f1c2a9e',
    isZip: false,
    fileCount: 0,
    extractedFiles: [],
    ...overrides,
  };
}

const zip = (name: string) =>
  upload({
    id: 'a3b1c2d4-0000-4000-8000-000000000001',
    name,
    type: 'application/zip',
    content: null,
    isZip: true,
    fileCount: 2,
    extractedFiles: [
      { path: 'index.html', size: 10 },
      { path: 'app.js', size: 20 },
    ],
  });

describe('deriveProjectName', () => {
  it('joins the first three words of the prompt with hyphens, lower-cased', () => {
    expect(deriveProjectName('Build a todo app with reminders')).toBe('build-a-todo');
  });

  it('strips characters other than a-z, 0-9 and hyphens from the words', () => {
    expect(deriveProjectName('Hello, World! Página 2.0 extra')).toBe('hello-world-pgina');
    expect(deriveProjectName('Real-time chat app')).toBe('real-time-chat-app');
    expect(deriveProjectName('My App v2.0 rocks')).toBe('my-app-v20');
  });

  it('treats any run of whitespace as one break', () => {
    expect(deriveProjectName('  make \n\t a   game  ')).toBe('make-a-game');
  });

  it('drops words that strip to nothing instead of leaving stray hyphens', () => {
    expect(deriveProjectName('🚀 rocket launch site')).toBe('rocket-launch');
    expect(deriveProjectName('Build — thing')).toBe('build-thing');
  });

  it("falls back to 'new-project'", () => {
    expect(deriveProjectName('')).toBe('new-project');
    expect(deriveProjectName('   ')).toBe('new-project');
    expect(deriveProjectName('!!! ??? …')).toBe('new-project');
  });

  it('names a zip project after the zip, whatever the prompt says', () => {
    expect(deriveProjectName('Fix the navbar', [zip('site.zip')])).toBe('site');
  });

  it('replaces every character outside a-z, 0-9 and hyphen in a zip name with a hyphen', () => {
    expect(deriveProjectName('', [zip('My Site (v2).zip')])).toBe('my-site--v2-');
    expect(deriveProjectName('', [zip('Portfolio_2025.ZIP')])).toBe('portfolio-2025');
    expect(deriveProjectName('', [zip('landing-page.zip')])).toBe('landing-page');
  });

  it('uses the first zip and ignores other attachments', () => {
    expect(deriveProjectName('', [upload(), zip('first.zip'), zip('second.zip')])).toBe('first');
    expect(deriveProjectName('Chart my data', [upload({ name: 'data.csv' })])).toBe(
      'chart-my-data',
    );
  });

  it("falls back to 'new-project' for a zip named only .zip", () => {
    expect(deriveProjectName('', [zip('.zip')])).toBe('new-project');
  });

  it('keeps within the 100-character name limit', () => {
    expect(deriveProjectName('a'.repeat(300))).toHaveLength(100);
  });
});

describe('deriveProjectDescription', () => {
  it('is the trimmed prompt', () => {
    expect(deriveProjectDescription('  A recipe book \n')).toBe('A recipe book');
  });

  it('prefers the prompt over the zip', () => {
    expect(deriveProjectDescription('Add a blog', [zip('site.zip')])).toBe('Add a blog');
  });

  it("is 'Imported from {zip name}' without a prompt", () => {
    expect(deriveProjectDescription('  ', [zip('site.zip')])).toBe('Imported from site.zip');
  });

  it('is empty with neither', () => {
    expect(deriveProjectDescription('', [upload()])).toBe('');
  });

  it('keeps within the 2000-character description limit', () => {
    expect(deriveProjectDescription('x'.repeat(2500))).toHaveLength(2000);
  });
});

describe('templateLanguage', () => {
  it('defaults to javascript for a blank start', () => {
    expect(templateLanguage('blank')).toBe('javascript');
  });

  it("uses the template's language", () => {
    expect(templateLanguage('react-vite')).toBe('typescript');
    expect(templateLanguage('python-flask')).toBe('python');
  });
});

describe('buildProjectHandoff', () => {
  it('defaults to a blank javascript project', () => {
    expect(buildProjectHandoff({ prompt: 'A pomodoro timer', files: [] })).toEqual({
      name: 'a-pomodoro-timer',
      description: 'A pomodoro timer',
      language: 'javascript',
      templateId: 'blank',
      zipFiles: [],
    });
  });

  it('carries every attached zip with its extracted files, and no other attachment', () => {
    const site = zip('site.zip');
    const handoff = buildProjectHandoff({
      prompt: '',
      files: [upload(), site],
      templateId: 'nodejs-express',
    });
    expect(handoff).toEqual({
      name: 'site',
      description: 'Imported from site.zip',
      language: 'javascript',
      templateId: 'nodejs-express',
      zipFiles: [{ id: site.id, name: 'site.zip', extractedFiles: site.extractedFiles }],
    });
  });

  it('sends the server only the id and name of each zip', () => {
    const site = zip('site.zip');
    const input = toCreateProjectInput(buildProjectHandoff({ prompt: 'Tidy it', files: [site] }));
    expect(input).toEqual({
      name: 'site',
      description: 'Tidy it',
      language: 'javascript',
      templateId: 'blank',
      tags: [],
      zipFiles: [{ id: site.id, name: 'site.zip' }],
    });
  });
});

describe('creationOutcome', () => {
  const handoff = (templateId: 'blank' | 'react-vite', files: UploadedFile[] = []) =>
    buildProjectHandoff({ prompt: '', files, templateId });
  const withAi = { aiAvailable: true };
  const withoutAi = { aiAvailable: false };

  it('asks the AI to build a prompted blank project', () => {
    expect(creationOutcome('A chess clock', handoff('blank'), withAi)).toBe('generate');
    expect(creationOutcome('Add dark mode', handoff('blank', [zip('site.zip')]), withAi)).toBe(
      'generate',
    );
  });

  it('opens a template project in the editor, prompt or not', () => {
    expect(creationOutcome('A chess clock', handoff('react-vite'), withAi)).toBe('open-editor');
    expect(creationOutcome('', handoff('react-vite'), withAi)).toBe('open-editor');
  });

  it('opens a zip import without a prompt in the editor instead of generating', () => {
    expect(creationOutcome('  ', handoff('blank', [zip('site.zip')]), withAi)).toBe('open-editor');
  });

  it('opens the editor without a description too, never leaving the person on the dashboard', () => {
    expect(creationOutcome('', handoff('blank'), withAi)).toBe('open-editor');
    expect(creationOutcome('', handoff('blank', [upload()]), withAi)).toBe('open-editor');
  });

  it('never asks for a generation when the server has no AI provider', () => {
    expect(creationOutcome('A chess clock', handoff('blank'), withoutAi)).toBe('open-editor');
  });
});

describe('quickStartHandoff', () => {
  it.each([
    ['web-app', 'web-app', 'react-vite', 'typescript'],
    ['data-app', 'data-app', 'nodejs-express', 'javascript'],
    ['3d-game', '3d-game', 'blank', 'javascript'],
    ['general', 'general', 'blank', 'javascript'],
    ['agents', 'agents-automations', 'blank', 'javascript'],
  ])('%s creates %s from %s', (id, name, templateId, language) => {
    const quickStart = QUICK_STARTS.find((item) => item.id === id);
    expect(quickStart && quickStartHandoff(quickStart)).toEqual({
      name,
      description: '',
      language,
      templateId,
      zipFiles: [],
    });
  });

  it('marks only Agents & Automations as beta', () => {
    expect(QUICK_STARTS.filter((item) => item.beta).map((item) => item.label)).toEqual([
      'Agents & Automations',
    ]);
  });
});

describe('importedProjectName', () => {
  it('names a zip or folder import the way an attached zip names its project', () => {
    expect(importedProjectName('My Site.zip')).toBe('my-site');
    expect(importedProjectName('My Site')).toBe('my-site');
    expect(importedProjectName('.zip')).toBe('new-project');
  });
});
