import { TEMPLATE_CATALOG, type TemplateId } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { runtimeDefinition, runtimeOfLanguage } from '../runtimes';
import { getTemplate } from './catalog';

/** The README's "## Run in Kiln" section, up to the next heading of its level. */
function runInKilnSection(readme: string): string | null {
  return /^## Run in Kiln\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? null;
}

/**
 * What each section must name beyond its runtime: the oldest version where the templates need
 * more than a runtime's first release Kiln could meet, and what starts.
 */
const MUST_SAY: Record<TemplateId, string[]> = {
  blank: ['**Run**', 'index.js'],
  'html-css': ['**Preview**', 'no runtime to install'],
  'react-vite': ['**Run app**', 'npm run dev', 'Node.js 20.19'],
  'nodejs-express': ['**Run app**', 'npm run dev', 'Node.js 20'],
  'python-flask': ['**Run app**', 'Python 3.9', 'python3', 'requirements.txt'],
  'react-router': ['**Run app**', 'npm run dev', 'Node.js 20.19'],
  'vue-app': ['**Run app**', 'npm run dev', 'Node.js 20.19'],
  'fullstack-react-express': ['**Run app**', 'npm run dev', 'Node.js 20.19'],
  'angular-app': ['**Run app**', 'npm start', 'Node.js 20.19'],
  'django-app': ['**Run app**', 'manage.py runserver', 'Python 3.10', 'requirements.txt'],
  'ruby-rails': ['Ruby 3.2', 'Bundler', 'bundle install'],
  'go-app': ['**Run app**', 'go run .', 'Go\n1.22', 'golang-go'],
  'svelte-app': ['**Run app**', 'npm run dev', 'Node.js 20.19'],
};

/** Whitespace-insensitive, since the READMEs wrap at 100 columns. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(TEMPLATE_CATALOG)("$id's README", (entry) => {
  const readme = getTemplate(entry.id).files.find((file) => file.path === 'README.md')?.content;

  it('has a "Run in Kiln" section that names the runtime it needs and what starts', () => {
    const section = runInKilnSection(readme ?? '');
    expect(section, `${entry.id}/README.md has no "## Run in Kiln" section`).not.toBeNull();
    const text = flat(section ?? '');
    const runtime = runtimeOfLanguage(entry.language);
    // A static site needs no runtime; the others name theirs as messages name it.
    if (entry.id !== 'html-css') {
      expect(runtime, `no runtime for ${entry.language}`).not.toBeNull();
      expect(text).toContain(runtimeDefinition(runtime!).label);
    }
    for (const phrase of MUST_SAY[entry.id]) expect(text).toContain(flat(phrase));
  });

  it('says how packages are installed, or that there are none', () => {
    const text = flat(runInKilnSection(readme ?? '') ?? '');
    expect(text).toMatch(/install|no packages/i);
  });
});

describe('the section finder', () => {
  it('reads up to the next section, or to the end', () => {
    expect(runInKilnSection('# A\n\n## Run in Kiln\n\nPress Run.\n\n## Next\n\nOther.\n')).toBe(
      '\nPress Run.\n\n',
    );
    expect(runInKilnSection('## Run in Kiln\nLast.\n')).toBe('Last.\n');
    expect(runInKilnSection('## Run it\nElsewhere.\n')).toBeNull();
  });
});
