import { describe, expect, it } from 'vitest';
import { gridTarget } from './template-grid-keys';

describe('gridTarget', () => {
  it('steps left and right through the reading order, across rows', () => {
    expect(gridTarget('ArrowRight', 2, 13, 3)).toBe(3);
    expect(gridTarget('ArrowLeft', 3, 13, 3)).toBe(2);
  });

  it('moves a whole row up and down', () => {
    expect(gridTarget('ArrowDown', 1, 13, 3)).toBe(4);
    expect(gridTarget('ArrowUp', 4, 13, 3)).toBe(1);
    expect(gridTarget('ArrowDown', 4, 13, 1)).toBe(5);
  });

  it('goes to the ends with Home and End', () => {
    expect(gridTarget('Home', 7, 13, 3)).toBe(0);
    expect(gridTarget('End', 7, 13, 3)).toBe(12);
  });

  it('stays put at the edges and ignores other keys', () => {
    expect(gridTarget('ArrowLeft', 0, 13, 3)).toBeNull();
    expect(gridTarget('ArrowDown', 11, 13, 3)).toBeNull();
    expect(gridTarget('Home', 0, 13, 3)).toBeNull();
    expect(gridTarget('Enter', 3, 13, 3)).toBeNull();
  });
});
