import Markdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { cn } from '../lib/cn';
import { CodeBlock } from './code-block';

/**
 * Each element with the panel's own look, since no typography plugin styles raw Markdown here.
 * Raw HTML in a message is never rendered (react-markdown's default), and links open apart.
 */
const COMPONENTS: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  code: ({ className, children }) => (
    <code className={className ?? 'bg-muted rounded px-1 py-0.5 font-mono text-[0.85em]'}>
      {children}
    </code>
  ),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  h1: ({ children }) => <h3 className="mt-4 mb-2 text-base font-semibold">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-4 mb-2 text-base font-semibold">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-3 mb-1.5 text-sm font-semibold">{children}</h4>,
  h4: ({ children }) => <h4 className="mt-3 mb-1.5 text-sm font-semibold">{children}</h4>,
  blockquote: ({ children }) => (
    <blockquote className="text-muted-foreground my-2 border-l-2 pl-3">{children}</blockquote>
  ),
  a: ({ href, children }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary underline underline-offset-2"
    >
      {children}
    </a>
  ),
  // A model's image would be fetched from wherever it points: it is shown as its link instead.
  img: ({ src, alt }) =>
    typeof src === 'string' ? (
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary underline underline-offset-2"
      >
        {alt || src}
      </a>
    ) : null,
  table: ({ children }) => (
    <div className="my-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border px-2 py-1 font-semibold">{children}</th>,
  td: ({ children }) => <td className="border px-2 py-1 align-top">{children}</td>,
  hr: () => <hr className="my-3" />,
};

const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeHighlight];

/** A chat message's text as Markdown, code blocks highlighted (loaded with the chat, lazily). */
export default function MarkdownMessage({
  text,
  keepLineBreaks,
}: {
  text: string;
  /** A person's message breaks lines where they pressed Shift+Enter, as Markdown would not. */
  keepLineBreaks: boolean;
}) {
  return (
    <div
      className={cn(
        'text-sm leading-relaxed break-words',
        keepLineBreaks && '[&_li]:whitespace-pre-wrap [&_p]:whitespace-pre-wrap',
      )}
    >
      <Markdown
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={REHYPE_PLUGINS}
        components={COMPONENTS}
      >
        {text}
      </Markdown>
    </div>
  );
}
