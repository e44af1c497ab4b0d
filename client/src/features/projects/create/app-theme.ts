/**
 * The colour scheme asked of the AI for a generated app (docs/decisions/0004). Auto leaves it to
 * the model and the description; Light and Dark add an instruction to the generation brief.
 */
export type AppTheme = 'auto' | 'light' | 'dark';

const ORDER: readonly AppTheme[] = ['auto', 'light', 'dark'];

export const APP_THEME_NAMES: Record<AppTheme, string> = {
  auto: 'Auto',
  light: 'Light',
  dark: 'Dark',
};

export function nextAppTheme(theme: AppTheme): AppTheme {
  return ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length] ?? 'auto';
}

export function appThemeInstruction(theme: AppTheme): string | null {
  if (theme === 'light') return 'Theme: give the app a light colour scheme.';
  if (theme === 'dark') return 'Theme: give the app a dark colour scheme.';
  return null;
}
