import { useId, type MouseEvent } from 'react';
import { Button, type ButtonProps } from './button';
import { Tooltip } from './tooltip';
import { cn } from '../../lib/cn';

/**
 * A header button whose tooltip says what it does or, while it is unavailable, why. A disabled
 * <button> gets no hover or focus events, so its reason could never show: an unavailable one is
 * marked aria-disabled instead, stays hoverable and in the Tab order (the tooltip opens on
 * hover and on keyboard focus), ignores clicks, and carries the reason as its description for
 * screen readers.
 */
export function ExplainedButton({
  reason,
  unavailable = false,
  onClick,
  className,
  ...props
}: Omit<ButtonProps, 'disabled' | 'title'> & {
  /** What the button does, or why it cannot now. */
  reason: string;
  unavailable?: boolean;
}) {
  const reasonId = useId();
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (unavailable) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <>
      <Tooltip label={reason}>
        <Button
          {...props}
          aria-disabled={unavailable || undefined}
          aria-describedby={reasonId}
          onClick={click}
          className={cn(
            unavailable && 'cursor-not-allowed opacity-50 hover:bg-transparent',
            className,
          )}
        />
      </Tooltip>
      {/* Outside the button, so the reason describes it without joining its name. */}
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}
