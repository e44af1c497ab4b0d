import { PROJECT_NAME_MAX } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { renameDecision } from './project-rename';

describe('renameDecision', () => {
  it('renames to the trimmed name', () => {
    expect(renameDecision('  Portfolio  ', 'Site')).toEqual({ kind: 'rename', name: 'Portfolio' });
  });

  it('sends nothing for the same name', () => {
    expect(renameDecision('Site', 'Site')).toEqual({ kind: 'unchanged' });
    expect(renameDecision(' Site ', 'Site')).toEqual({ kind: 'unchanged' });
  });

  it('refuses a blank or too long name in the server’s words', () => {
    expect(renameDecision('   ', 'Site')).toEqual({ kind: 'invalid', message: 'Name is required' });
    expect(renameDecision('x'.repeat(PROJECT_NAME_MAX + 1), 'Site')).toEqual({
      kind: 'invalid',
      message: `Name must be at most ${PROJECT_NAME_MAX} characters`,
    });
  });
});
