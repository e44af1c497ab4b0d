import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Size } from './device-fit';

/** The element's content box: inside its padding, and inside a scrollbar when it has one. */
function contentSize(element: HTMLElement): Size {
  const style = getComputedStyle(element);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  return {
    width: Math.max(0, element.clientWidth - padX),
    height: Math.max(0, element.clientHeight - padY),
  };
}

/**
 * The size of an element's content box, kept current as the panels are dragged. Measured once
 * before the first paint, so a scaled frame never flashes at full size, then on every resize.
 */
export function useContentSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setSize((current) => {
        const next = contentSize(element);
        return next.width === current.width && next.height === current.height ? current : next;
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
