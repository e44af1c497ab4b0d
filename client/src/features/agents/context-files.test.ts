import { AGENT_FILE_CHARS_MAX, AGENT_FILES_MAX } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { agentContextFiles } from './context-files';

describe('agentContextFiles', () => {
  it('sends the open file as the editor holds it, then the other unsaved files', () => {
    expect(
      agentContextFiles({
        openFile: { path: 'index.html', content: '<h1>Typed just now</h1>' },
        drafts: {
          'index.html': { content: '<h1>Typed</h1>' },
          'styles.css': { content: 'h1 { color: teal }' },
        },
      }),
    ).toEqual([
      { path: 'index.html', content: '<h1>Typed just now</h1>' },
      { path: 'styles.css', content: 'h1 { color: teal }' },
    ]);
  });

  it('sends nothing with no file open and nothing unsaved', () => {
    expect(agentContextFiles({ openFile: null, drafts: {} })).toEqual([]);
  });

  it('leaves out a file over the limit and stops at the most files a request carries', () => {
    const big = 'x'.repeat(AGENT_FILE_CHARS_MAX + 1);
    const drafts = Object.fromEntries(
      Array.from({ length: AGENT_FILES_MAX + 5 }, (_, index) => [`f${index}.js`, { content: '1' }]),
    );
    const files = agentContextFiles({ openFile: { path: 'big.js', content: big }, drafts });
    expect(files).toHaveLength(AGENT_FILES_MAX);
    expect(files[0]?.path).toBe('f0.js');
    expect(files.some((file) => file.path === 'big.js')).toBe(false);
  });
});
