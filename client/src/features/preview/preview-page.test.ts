import { describe, expect, it } from 'vitest';
import { defaultSideTab, isHtmlPath, previewPagePath } from './preview-page';

const files = (...paths: string[]) =>
  paths.map((path) => ({ path, isDirectory: !path.includes('.') }));

describe('previewPagePath', () => {
  const site = files('README.md', 'index.html', 'about.html', 'styles.css', 'script.js');

  it('previews the open HTML file', () => {
    expect(previewPagePath(site, 'about.html', 'index.html')).toBe('about.html');
    expect(previewPagePath(files('Page.HTM'), 'Page.HTM', null)).toBe('Page.HTM');
  });

  it('keeps the page shown last while its stylesheet or script is open', () => {
    expect(previewPagePath(site, 'styles.css', 'about.html')).toBe('about.html');
    expect(previewPagePath(site, 'script.js', 'about.html')).toBe('about.html');
    expect(previewPagePath(site, 'README.md', 'about.html')).toBe('about.html');
  });

  it('falls back to the project’s index.html, the shallowest first', () => {
    expect(previewPagePath(site, 'styles.css', null)).toBe('index.html');
    expect(
      previewPagePath(files('src', 'src/index.html', 'docs/a/index.html', 'a.css'), 'a.css', null),
    ).toBe('src/index.html');
    // The page shown last was renamed or deleted.
    expect(previewPagePath(site, 'styles.css', 'gone.html')).toBe('index.html');
  });

  it('falls back to the shallowest HTML file when there is no index.html', () => {
    expect(previewPagePath(files('pages', 'pages/b.html', 'a.html', 'x.css'), 'x.css', null)).toBe(
      'a.html',
    );
  });

  it('has nothing to preview in a project without a page', () => {
    expect(previewPagePath(files('index.js', 'README.md'), 'index.js', null)).toBeNull();
    expect(previewPagePath([], null, 'index.html')).toBeNull();
  });

  it('never previews a folder named like a page', () => {
    expect(
      previewPagePath([{ path: 'site.html', isDirectory: true }], 'site.html', null),
    ).toBeNull();
  });

  it('previews nothing but the open page before the list has it', () => {
    expect(previewPagePath(files('index.html'), 'new.html', null)).toBe('index.html');
  });
});

describe('defaultSideTab', () => {
  it('shows the preview for a page and for the CSS and JavaScript a page loads', () => {
    for (const path of ['index.html', 'styles.css', 'script.js', 'lib/module.mjs']) {
      expect(defaultSideTab(path, true)).toBe('preview');
    }
  });

  it('shows the AI Chat for other files, and when there is no page', () => {
    expect(defaultSideTab('README.md', true)).toBe('chat');
    expect(defaultSideTab('src/main.tsx', true)).toBe('chat');
    expect(defaultSideTab('styles.css', false)).toBe('chat');
    expect(defaultSideTab(null, true)).toBe('chat');
  });
});

describe('isHtmlPath', () => {
  it('knows pages by their extension', () => {
    expect(isHtmlPath('a/index.html')).toBe(true);
    expect(isHtmlPath('old.HTM')).toBe(true);
    expect(isHtmlPath('styles.css')).toBe(false);
    expect(isHtmlPath(null)).toBe(false);
  });
});
