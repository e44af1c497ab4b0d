import { isValidElement, type ReactElement, type ReactNode } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { CompiledPolicy, LegalNode } from './legal-content';
import { rehypeLegalTables } from './legal-tables';
import { parsePolicy } from './policy-document';

// Runs when the client is built (policy-plugin.ts), never in the browser: react-markdown and its
// parser stay out of the pages' JavaScript, which get the elements it makes (legal-markdown.tsx).

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeLegalTables];

/** The sections are cut at `##` before rendering (parsePolicy), so one here slipped past. */
const MISPLACED_HEADING =
  'A policy section holds a "#" or "##" heading (indented, or underlined with = or -): ' +
  'sections start with "## " at the start of a line, and headings inside one are "###".';

/**
 * Part of a policy written in Markdown, as react-markdown renders it. Raw HTML in it is never
 * markup: react-markdown turns it into the text it is.
 */
export function compileLegalMarkdown(markdown: string): LegalNode[] {
  const rendered = Markdown({
    children: markdown,
    remarkPlugins: REMARK_PLUGINS,
    rehypePlugins: REHYPE_PLUGINS,
  });
  return nodesOf(
    isValidElement<{ children?: ReactNode }>(rendered) ? rendered.props.children : rendered,
  );
}

/** A policy file compiled: parsePolicy's title and sections, each part's Markdown rendered. */
export function compilePolicy(markdown: string): CompiledPolicy {
  const policy = parsePolicy(markdown);
  return {
    title: policy.title,
    intro: policy.intro ? compileLegalMarkdown(policy.intro) : [],
    sections: policy.sections.map((section) => ({
      title: section.title,
      content: compileLegalMarkdown(section.markdown),
    })),
  };
}

function nodesOf(children: ReactNode): LegalNode[] {
  if (children === null || children === undefined || typeof children === 'boolean') return [];
  if (typeof children === 'string' || typeof children === 'number') return [String(children)];
  if (Array.isArray(children)) return children.flatMap((child: ReactNode) => nodesOf(child));
  if (!isValidElement(children))
    throw new Error('react-markdown made something other than elements');
  return [elementOf(children as ReactElement<Record<string, unknown>>)];
}

function elementOf(element: ReactElement<Record<string, unknown>>): LegalNode {
  if (typeof element.type !== 'string') throw new Error('react-markdown made a component element');
  if (element.type === 'h1' || element.type === 'h2') throw new Error(MISPLACED_HEADING);
  const { children, ...props } = element.props;
  return [element.type, props, ...nodesOf(children as ReactNode)];
}
