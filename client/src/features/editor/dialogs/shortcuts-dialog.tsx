import { Fragment, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Kbd } from '../../../components/ui/kbd';
import {
  comboKeys,
  comboLabel,
  isMacPlatform,
  SHORTCUT_GROUPS,
  SHORTCUTS,
  TAB_FOCUS_MODE,
  type KeyCombo,
} from './shortcuts';

export interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Every shortcut, in the five help groups, with this platform's keys. */
export function ShortcutsDialog({ open, onOpenChange, onCloseAutoFocus }: ShortcutsDialogProps) {
  const [isMac] = useState(isMacPlatform);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Open this list any time with <Combo combo={{ key: 'K', mod: true }} isMac={isMac} /> or{' '}
            <Combo combo={{ key: '?' }} isMac={isMac} /> while not typing.
          </DialogDescription>
          <p className="text-muted-foreground text-sm" data-testid="tab-focus-hint">
            In the code, Tab indents. To move focus out of the editor with Tab, press{' '}
            <Combo combo={TAB_FOCUS_MODE} isMac={isMac} /> (again to go back to indenting).
          </p>
        </DialogHeader>
        <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
          {SHORTCUT_GROUPS.map((group) => (
            <section key={group} aria-labelledby={`shortcuts-${group}`} className="min-w-0">
              <h3
                id={`shortcuts-${group}`}
                className="text-muted-foreground mb-2 text-xs font-semibold tracking-wide uppercase"
              >
                {group}
              </h3>
              <dl className="divide-y">
                {SHORTCUTS.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                  <div
                    key={shortcut.label}
                    className="flex items-start justify-between gap-4 py-1.5 text-sm"
                  >
                    <dt className="pt-0.5">{shortcut.label}</dt>
                    <dd className="flex flex-wrap justify-end gap-x-2 gap-y-1">
                      {shortcut.combos.map((combo, index) => (
                        <Fragment key={index}>
                          {index > 0 && (
                            <span className="text-muted-foreground self-center text-xs">or</span>
                          )}
                          <Combo combo={combo} isMac={isMac} />
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Combo({ combo, isMac }: { combo: KeyCombo; isMac: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <span className="sr-only">{comboLabel(combo, isMac)}</span>
      <span className="inline-flex items-center gap-0.5" aria-hidden>
        {comboKeys(combo, isMac).map((key) => (
          <Kbd key={key}>{key}</Kbd>
        ))}
      </span>
      {combo.note && <span className="text-muted-foreground text-xs">({combo.note})</span>}
    </span>
  );
}
