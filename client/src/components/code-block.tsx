import { Check, Copy } from 'lucide-react';
import { isValidElement, useRef, useState, type ComponentProps } from 'react';
import { toast } from './ui/toast-store';

/** The language a fenced block named (`language-js` on its code element), if any. */
function languageOf(children: ComponentProps<'pre'>['children']): string | null {
  if (!isValidElement<{ className?: string }>(children)) return null;
  const match = /(?:^|\s)language-([\w+#.-]+)/.exec(children.props.className ?? '');
  return match?.[1] ?? null;
}

/**
 * A fenced code block in an answer: highlighted (the colours are the `--code-*` tokens in
 * client/src/index.css), scrolling sideways rather than wrapping, with a Copy button.
 */
export function CodeBlock({ children }: { children?: ComponentProps<'pre'>['children'] }) {
  const preRef = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);

  const copy = async () => {
    // The rendered text is the code without the highlighter's markup.
    const code = (preRef.current?.textContent ?? '').replace(/\n$/, '');
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
      toast({ title: 'Copied to clipboard', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser did not allow access to the clipboard.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="bg-muted/70 my-3 overflow-hidden rounded-lg border">
      <div className="text-muted-foreground flex h-8 items-center justify-between border-b pr-1 pl-3 text-xs">
        <span className="font-mono">{language ?? 'code'}</span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={language ? `Copy ${language} code` : 'Copy code'}
          className="hover:bg-background hover:text-foreground flex h-6 cursor-pointer items-center gap-1 rounded px-2"
        >
          {copied ? (
            <Check className="size-3.5" aria-hidden />
          ) : (
            <Copy className="size-3.5" aria-hidden />
          )}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre
        ref={preRef}
        // Focusable so a block wider than the panel can be scrolled from the keyboard.
        tabIndex={0}
        className="overflow-x-auto p-3 font-mono text-xs leading-relaxed [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em]"
      >
        {children}
      </pre>
    </div>
  );
}
