import { Moon, Sun, SunMoon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { APP_THEME_NAMES, nextAppTheme, type AppTheme } from './app-theme';

const ICONS = { auto: SunMoon, light: Sun, dark: Moon } as const;

const EXPLANATIONS: Record<AppTheme, string> = {
  auto: 'The AI picks the colour scheme of the app it builds.',
  light: 'The AI builds the app with a light colour scheme.',
  dark: 'The AI builds the app with a dark colour scheme.',
};

/** Cycles Auto, Light and Dark for the generated app (docs/decisions/0004). */
export function AppThemeButton({
  theme,
  disabled,
  onChange,
}: {
  theme: AppTheme;
  disabled?: boolean;
  onChange: (theme: AppTheme) => void;
}) {
  const hintId = useId();
  const Icon = ICONS[theme];
  return (
    <>
      <Tooltip label={EXPLANATIONS[theme]}>
        <Button
          variant="ghost"
          size="sm"
          className="px-2.5"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => onChange(nextAppTheme(theme))}
        >
          <Icon aria-hidden />
          <span>
            {APP_THEME_NAMES[theme]}
            {/* Visually shortened on phones so the prompt box's buttons fit on one row. */}
            <span className="sr-only sm:not-sr-only"> theme</span>
          </span>
        </Button>
      </Tooltip>
      <span id={hintId} className="sr-only">
        {EXPLANATIONS[theme]} Activate to switch to {APP_THEME_NAMES[nextAppTheme(theme)]} theme.
      </span>
    </>
  );
}
