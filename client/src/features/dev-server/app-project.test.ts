import { describe, expect, it } from 'vitest';
import { isAppProject } from './app-project';

describe('isAppProject', () => {
  it('takes a top-level manifest, Django, Flask, Go, Ruby or a run setting as an app', () => {
    const markers = ['package.json', 'manage.py', 'app.py', 'go.mod', 'Gemfile', '.kiln/run.json'];
    for (const marker of markers) {
      expect(isAppProject(['README.md', marker]), marker).toBe(true);
    }
  });

  it('leaves plain sites and scripts, and manifests in subfolders, to run file by file', () => {
    expect(isAppProject(['index.html', 'css/site.css', 'script.js'])).toBe(false);
    expect(isAppProject(['README.md', 'index.js'])).toBe(false);
    expect(isAppProject(['tools/package.json', 'main.py'])).toBe(false);
  });
});
