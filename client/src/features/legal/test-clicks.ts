import { fireEvent } from '@testing-library/react';

/**
 * Clicks a link and tells whether the app handled the click (a client-side navigation prevents
 * the browser's default) or left it to the browser. The browser's own navigation is cancelled
 * afterwards either way, since the simulated DOM would otherwise try to follow the link.
 */
export function clickWasHandled(link: HTMLElement): boolean {
  let handled = false;
  const observe = (event: Event) => {
    handled = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', observe);
  try {
    fireEvent.click(link);
  } finally {
    document.removeEventListener('click', observe);
  }
  return handled;
}
