import type { ITheme } from '@xterm/xterm';

type Palette = Required<
  Pick<
    ITheme,
    | 'black'
    | 'red'
    | 'green'
    | 'yellow'
    | 'blue'
    | 'magenta'
    | 'cyan'
    | 'white'
    | 'brightBlack'
    | 'brightRed'
    | 'brightGreen'
    | 'brightYellow'
    | 'brightBlue'
    | 'brightMagenta'
    | 'brightCyan'
    | 'brightWhite'
  >
>;

/**
 * The sixteen ANSI colours, one set per theme, chosen to read on Kiln's card surface; xterm's
 * minimumContrastRatio (xterm-view.tsx) lifts any pairing a program makes below WCAG AA.
 */
const ANSI: Record<'light' | 'dark', Palette> = {
  light: {
    black: '#1f2328',
    red: '#c4231c',
    green: '#1a7532',
    yellow: '#7d5300',
    blue: '#0a5fc4',
    magenta: '#8a3fc4',
    cyan: '#0f6e78',
    white: '#6b7280',
    brightBlack: '#57606a',
    brightRed: '#a40e26',
    brightGreen: '#116329',
    brightYellow: '#633c01',
    brightBlue: '#0550ae',
    brightMagenta: '#6e35b0',
    brightCyan: '#0b5a62',
    brightWhite: '#8c959f',
  },
  dark: {
    black: '#6e7681',
    red: '#ff7b72',
    green: '#3fb950',
    yellow: '#d29922',
    blue: '#58a6ff',
    magenta: '#bc8cff',
    cyan: '#39c5cf',
    white: '#c9d1d9',
    brightBlack: '#8b949e',
    brightRed: '#ffa198',
    brightGreen: '#56d364',
    brightYellow: '#e3b341',
    brightBlue: '#79c0ff',
    brightMagenta: '#d2a8ff',
    brightCyan: '#56d4dd',
    brightWhite: '#f0f6fc',
  },
};

/**
 * Any CSS colour (Kiln's tokens are oklch) as #rrggbb or #rrggbbaa, which xterm parses: a 1x1
 * canvas draws it and reads the pixel back in sRGB.
 */
function toHex(color: string, context: CanvasRenderingContext2D, alpha = 1): string {
  context.clearRect(0, 0, 1, 1);
  context.fillStyle = '#000';
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  const a = alpha < 1 ? hex(Math.round(alpha * 255)) : '';
  return `#${hex(r)}${hex(g)}${hex(b)}${a}`;
}

/**
 * The terminal's colours from the theme tokens in force on `element` (index.css), so the shell
 * sits on the same card surface as the run output, in light and dark.
 */
export function readTerminalTheme(element: Element, mode: 'light' | 'dark'): ITheme {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim();
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return { ...ANSI[mode] };
  const background = toHex(token('--card'), context);
  const foreground = toHex(token('--card-foreground'), context);
  const primary = toHex(token('--primary'), context);
  return {
    ...ANSI[mode],
    background,
    foreground,
    cursor: primary,
    cursorAccent: background,
    selectionBackground: toHex(token('--primary'), context, mode === 'dark' ? 0.35 : 0.25),
    selectionInactiveBackground: toHex(token('--muted-foreground'), context, 0.25),
    scrollbarSliderBackground: toHex(token('--muted-foreground'), context, 0.3),
    scrollbarSliderHoverBackground: toHex(token('--muted-foreground'), context, 0.5),
    scrollbarSliderActiveBackground: toHex(token('--muted-foreground'), context, 0.6),
  };
}
