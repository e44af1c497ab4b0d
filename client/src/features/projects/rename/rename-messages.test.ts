import { describe, expect, it } from 'vitest';
import { nameProblem, renamedMessage } from './rename-messages';

describe('nameProblem', () => {
  it('asks for a name of 1 to 100 characters', () => {
    expect(nameProblem('')).toBe('Name is required');
    expect(nameProblem('x'.repeat(101))).toMatch(/at most 100/);
    expect(nameProblem('Todo')).toBeNull();
  });
});

describe('renamedMessage', () => {
  it('says plainly when the name was taken as asked', () => {
    expect(renamedMessage('Todo', 'Todo')).toEqual({ title: 'Renamed to Todo' });
  });

  it('explains a number the server added', () => {
    expect(renamedMessage('Todo', 'Todo (2)')).toEqual({
      title: 'Renamed to Todo (2)',
      description: 'You already have a project named Todo, so this one is Todo (2).',
    });
  });
});
