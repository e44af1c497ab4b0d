import { lazy, memo, Suspense } from 'react';

// The Markdown renderer and the highlighter's languages are a large download of their own.
const MarkdownMessage = lazy(() => import('./markdown-message'));

/**
 * A message's text: plain until the Markdown renderer has loaded, then rendered. Memoised on its
 * text: while an answer streams the chat renders on every token, and parsing and highlighting
 * every earlier message again each time made the newest token appear later the longer the
 * conversation grew.
 */
export const MessageText = memo(function MessageText({
  text,
  keepLineBreaks = false,
}: {
  text: string;
  keepLineBreaks?: boolean;
}) {
  return (
    <Suspense
      fallback={<p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{text}</p>}
    >
      <MarkdownMessage text={text} keepLineBreaks={keepLineBreaks} />
    </Suspense>
  );
});
