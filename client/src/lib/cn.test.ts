import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

const SOURCE = path.resolve(import.meta.dirname, '..');

/** Every string literal of the client's source (tests aside). */
function stringLiterals(): string[] {
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    // cn.ts itself names utilities, not classes.
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('lib/cn.ts'),
  );
  const literals: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      literals.push(match[1] ?? match[2] ?? match[3] ?? '');
    }
  }
  return literals;
}

/**
 * The classes written anywhere in client/src: every word of a string in which tailwind-merge
 * finds a Tailwind class (a string alone keeps its Tailwind classes), so the other words of
 * class lists (`group`, `peer`, a theme's own) are in as well.
 */
function classesInSource(): string[] {
  const classes = new Set<string>();
  for (const literal of stringLiterals()) {
    const words = literal.split(/\s+/).filter(Boolean);
    const isClassList = words.some((word) => twMerge(`${word} ${word}`) === word);
    if (isClassList) for (const word of words) classes.add(word);
  }
  return [...classes];
}

describe('cn', () => {
  it('joins conditional class names', () => {
    expect(cn('a', false, null, undefined, ['b', { c: true, d: false }])).toBe('a b c');
  });

  it('lets a later class override a conflicting earlier one', () => {
    expect(cn('h-9 px-4 text-sm', 'h-7 px-2')).toBe('text-sm h-7 px-2');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-muted-foreground', 'text-foreground')).toBe('text-sm text-foreground');
    expect(cn('hover:bg-muted bg-primary', 'hover:bg-primary/90')).toBe(
      'bg-primary hover:bg-primary/90',
    );
  });

  it('merges every pair of classes written in client/src as tailwind-merge does', () => {
    const classes = classesInSource();
    // Enough to know the scan found the source: the button alone writes a dozen.
    expect(classes.length).toBeGreaterThan(500);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        const expected = twMerge(list);
        if (mergeClasses(list) !== expected) differences.push(`${list} → ${expected}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Some 700,000 merges: seconds alone, much longer beside the rest of the suite.
  }, 180_000);

  it('merges every class list written in client/src as tailwind-merge does', () => {
    const lists = stringLiterals().filter((literal) => /\s/.test(literal.trim()));
    const differences = lists.filter((list) => mergeClasses(list) !== twMerge(list));
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
