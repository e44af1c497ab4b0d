/** The sizes the preview renders a page at, in CSS pixels, and how each meets the panel. */

export interface Size {
  width: number;
  height: number;
}

export type Device = 'desktop' | 'tablet' | 'mobile';

export interface DeviceSpec {
  label: string;
  size: Size;
  /**
   * 'contain' shrinks the whole screen into the panel, as a desktop page is judged at a glance;
   * 'width' fits the width only and lets a tall tablet or phone screen scroll, never clipped.
   */
  fit: 'contain' | 'width';
}

export const DEVICES: Readonly<Record<Device, DeviceSpec>> = {
  desktop: { label: 'Desktop', size: { width: 1280, height: 800 }, fit: 'contain' },
  tablet: { label: 'Tablet', size: { width: 768, height: 1024 }, fit: 'width' },
  mobile: { label: 'Mobile', size: { width: 375, height: 667 }, fit: 'width' },
};

export const DEVICE_ORDER: readonly Device[] = ['desktop', 'tablet', 'mobile'];

export interface Fit {
  /** The CSS transform scale of the frame: at most 1, never enlarged. */
  scale: number;
  /** The frame's size on screen, after scaling. */
  width: number;
  height: number;
}

/**
 * How a device's screen sits in the space the panel has for it. The page always lays out at the
 * device's own size (media queries see 768 px on Tablet); only the drawing is scaled. Before the
 * panel is measured (or while it is hidden, with no size) the frame is drawn at full size.
 */
export function fitDevice(spec: Pick<DeviceSpec, 'size' | 'fit'>, space: Size): Fit {
  const { size } = spec;
  if (space.width <= 0 || space.height <= 0) return { scale: 1, ...size };
  const byWidth = space.width / size.width;
  const wanted = spec.fit === 'contain' ? Math.min(byWidth, space.height / size.height) : byWidth;
  const scale = Math.min(1, wanted);
  return { scale, width: size.width * scale, height: size.height * scale };
}

/**
 * '1280 × 800 · 62%': the size the page lays out at and how large it is drawn. The percentage
 * is rounded down, so a frame drawn even slightly smaller never claims 100%.
 */
export function deviceLabel(size: Size, scale: number): string {
  const percent = Math.floor(scale * 100 + 1e-9);
  return `${size.width} × ${size.height} · ${percent}%`;
}
