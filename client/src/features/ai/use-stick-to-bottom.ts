import { useCallback, useEffect, useRef } from 'react';

/** Closer than this to the bottom counts as at the bottom (a fraction of a line). */
const BOTTOM_SLACK_PX = 32;

/**
 * Keeps a scrolling list at its newest content as it grows (tokens streaming in), unless the
 * person has scrolled up to read; scrolling back down follows again. `follow()` returns to the
 * bottom, as after sending a message.
 */
export function useStickToBottom() {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  const toBottom = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    const onScroll = () => {
      // A hidden list (another tab) has no height: that is not the person scrolling away.
      if (scroller.clientHeight === 0) return;
      const distance = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
      following.current = distance <= BOTTOM_SLACK_PX;
    };
    // Growth of the content, or a smaller list (the composer grew, the panel was resized).
    const observer = new ResizeObserver(() => {
      if (following.current) toBottom();
    });
    observer.observe(content);
    observer.observe(scroller);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [toBottom]);

  const follow = useCallback(() => {
    following.current = true;
    toBottom();
  }, [toBottom]);

  return { scrollerRef, contentRef, follow };
}
