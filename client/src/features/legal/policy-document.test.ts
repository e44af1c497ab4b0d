import { describe, expect, it } from 'vitest';
import { parsePolicy } from './policy-document';

const lines = (...text: string[]) => text.join('\n');

describe('parsePolicy', () => {
  it('reads the title, the intro and each "##" section with the Markdown under it', () => {
    const policy = parsePolicy(
      lines(
        '',
        '# Example Policy',
        '',
        'What this policy covers.',
        '',
        '## First Part',
        '',
        'Some text.',
        '',
        '### A sub-heading',
        '',
        '- an item',
        '',
        "## Children's Privacy",
        'More text.',
        '',
      ),
    );
    expect(policy).toEqual({
      title: 'Example Policy',
      intro: 'What this policy covers.',
      sections: [
        {
          title: 'First Part',
          markdown: lines('Some text.', '', '### A sub-heading', '', '- an item'),
        },
        { title: "Children's Privacy", markdown: 'More text.' },
      ],
    });
  });

  it('allows a policy without an intro', () => {
    expect(parsePolicy(lines('# Policy', '## Only', 'Text.')).intro).toBe('');
  });

  it('takes a "##" inside a code block for code', () => {
    const policy = parsePolicy(
      lines('# Policy', '## Only', '```', '## not a section', '```', '~~~~', '## nor this', '~~~~'),
    );
    expect(policy.sections).toHaveLength(1);
    expect(policy.sections[0]?.markdown).toContain('## not a section');
  });

  it.each([
    ['an empty file', '', /is empty/],
    ['text before the title', lines('Hello', '# Policy', '## A', 'x'), /line 1: .*starts with/],
    ['a section before the title', lines('## A', 'x'), /line 1: .*starts with/],
    ['a second title', lines('# Policy', '## A', 'x', '# Again'), /line 4: .*one "#" title/],
    ['no sections', lines('# Policy', 'Only an intro.'), /no "##" sections/],
    ['an empty section', lines('# Policy', '## A', '', '## B', 'x'), /section "A" is empty/],
    ['Markdown in a title', lines('# Policy', '## The *best* part', 'x'), /line 2: .*plain/],
    ['an unclosed code block', lines('# Policy', '## A', '```', 'x'), /inside a code block/],
  ])('refuses %s', (_case, markdown, error) => {
    expect(() => parsePolicy(markdown)).toThrow(error);
  });
});
