import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createContext, useContext, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@kiln/shared';

/** Whether a TooltipProvider is above: Radix's own context is not readable from here. */
const Provided = createContext(false);

/**
 * Tooltips open after 700 ms, with a 300 ms skip delay from one to the next. A screen of
 * tooltips (the workspace, the create-project dialog) puts this around itself rather than the
 * app having it at its root: Radix's tooltip brings its popper and Floating UI, which the public
 * pages would otherwise download without using (bench/page-weight).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Provided value>
      <TooltipPrimitive.Provider
        delayDuration={TOOLTIP_DELAY_MS}
        skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
      >
        {children}
      </TooltipPrimitive.Provider>
    </Provided>
  );
}

/** A tooltip; one outside any TooltipProvider provides its own, with the same delays. */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const provided = useContext(Provided);
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="bg-foreground text-background z-50 rounded-md px-2.5 py-1.5 text-xs shadow-md"
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  return provided ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
