/** One numbered section of a policy: its `##` heading and the Markdown below it. */
export interface PolicySection {
  title: string;
  markdown: string;
}

/** A policy as its Markdown file gives it: a `#` title, an intro, then the `##` sections. */
export interface PolicyDocument {
  title: string;
  /** The Markdown between the title and the first section; may be empty. */
  intro: string;
  sections: readonly PolicySection[];
}

const HEADING = /^(#{1,2})[ \t]+(.+?)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/**
 * Titles are shown as plain text (the page's heading, the contents) and become anchors, so
 * Markdown inside one would be printed as written: better refused than published.
 */
const MARKUP_IN_TITLE = /[*_`[\]<>\\#]/;

/**
 * Splits a policy at its headings. The layout numbers the sections and builds the contents from
 * them, so they are found here, line by line, rather than in the rendered HTML. A file that does
 * not have this shape fails loudly, naming the line, instead of rendering with a part missing.
 */
export function parsePolicy(markdown: string): PolicyDocument {
  let title: string | undefined;
  const intro: string[] = [];
  const sections: { title: string; lines: string[] }[] = [];
  let openFence: string | undefined;

  markdown.split(/\r?\n/).forEach((line, index) => {
    const problem = (what: string) => new Error(`Policy Markdown, line ${index + 1}: ${what}`);

    // A '#' inside a code block is code, not a heading.
    const fence = FENCE.exec(line)?.[1];
    const inCode = openFence !== undefined || fence !== undefined;
    if (fence && (openFence === undefined || fence.startsWith(openFence))) {
      openFence = openFence === undefined ? fence : undefined;
    }
    const heading = inCode ? null : HEADING.exec(line);

    if (title === undefined && line.trim() === '') return;
    if (!heading) {
      if (title === undefined) throw problem('a policy starts with its title, as "# Title"');
      (sections.at(-1)?.lines ?? intro).push(line);
      return;
    }

    const [, level, text = ''] = heading;
    if (MARKUP_IN_TITLE.test(text)) throw problem(`a title is plain text: "${text}"`);
    if (title === undefined) {
      if (level !== '#') throw problem('a policy starts with its title, as "# Title"');
      title = text;
    } else {
      if (level === '#') throw problem('a policy has one "#" title; its sections are "##"');
      sections.push({ title: text, lines: [] });
    }
  });

  if (title === undefined) throw new Error('Policy Markdown is empty');
  if (openFence !== undefined) throw new Error(`Policy "${title}" ends inside a code block`);
  if (sections.length === 0) throw new Error(`Policy "${title}" has no "##" sections`);
  return {
    title,
    intro: intro.join('\n').trim(),
    sections: sections.map((section) => {
      const markdown = section.lines.join('\n').trim();
      if (!markdown) throw new Error(`Policy "${title}": section "${section.title}" is empty`);
      return { title: section.title, markdown };
    }),
  };
}
