import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'wouter';
import { rehypeLegalTables } from './legal-tables';

/** A path within Kiln: '/terms-of-service', '/privacy-policy#cookies' (not '//host/…'). */
function isKilnPath(href: string) {
  return href.startsWith('/') && !href.startsWith('//');
}

/** The sections are cut at `##` before rendering (parsePolicy), so one here slipped past. */
function misplacedHeading(): never {
  throw new Error(
    'A policy section holds a "#" or "##" heading (indented, or underlined with = or -): ' +
      'sections start with "## " at the start of a line, and headings inside one are "###".',
  );
}

/** The elements come out plain (p, ul, ol, h3, a, strong, code): legal-page.tsx styles them. */
const COMPONENTS: Components = {
  // Kiln's own pages open without reloading the app; mail and other sites are ordinary links.
  a: ({ href = '', children }) =>
    isKilnPath(href) ? <Link href={href}>{children}</Link> : <a href={href}>{children}</a>,
  h1: misplacedHeading,
  h2: misplacedHeading,
};

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeLegalTables];

/**
 * Part of a policy written in Markdown. Raw HTML in it is never rendered: react-markdown shows
 * it as the text it is, and nothing here sets inner HTML.
 */
export function LegalMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} components={COMPONENTS}>
      {markdown}
    </Markdown>
  );
}
