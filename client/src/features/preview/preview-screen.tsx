import type { Ref } from 'react';
import type { Fit, Size } from './device-fit';

/** The frame may run scripts, forms, popups and modals, on its own origin (decision 0005). */
export const PREVIEW_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-modals';

/**
 * The previewed page on a device's screen. The iframe always lays out at the device's CSS size
 * (so the page's media queries see 1280, 768 or 375 px) and is drawn scaled with a CSS transform;
 * a box of the scaled size holds its place in the panel, because a transform does not change
 * layout, and the panel scrolls when that box is taller than it.
 */
export function PreviewScreen({
  size,
  fit,
  src,
  title,
  frameKey,
  frameRef,
}: {
  size: Size;
  fit: Fit;
  src: string;
  title: string;
  /** A new key loads the page again (a save, or Refresh). */
  frameKey: string;
  frameRef: Ref<HTMLIFrameElement>;
}) {
  return (
    <div
      data-testid="preview-screen"
      className="ring-border relative mx-auto overflow-hidden rounded-sm bg-white shadow-lg ring-1"
      style={{ width: fit.width, height: fit.height }}
    >
      <iframe
        ref={frameRef}
        key={frameKey}
        title={title}
        src={src}
        sandbox={PREVIEW_SANDBOX}
        className="absolute top-0 left-0 border-0 bg-white"
        style={{
          width: size.width,
          height: size.height,
          transform: fit.scale === 1 ? undefined : `scale(${fit.scale})`,
          transformOrigin: '0 0',
        }}
      />
    </div>
  );
}
