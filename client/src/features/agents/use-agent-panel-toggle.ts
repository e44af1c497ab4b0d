import { useCallback, useEffect, useState } from 'react';

const STORAGE_KEY = 'kiln:agent-panel';

function storedOpen(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'open';
  } catch {
    return false;
  }
}

/**
 * Whether the right panel shows the AI agents instead of its tabs, kept across reloads. `mounted`
 * stays true once the panel has been shown, so a run it follows goes on while the tabs are back.
 */
export function useAgentPanelToggle() {
  const [open, setOpen] = useState(storedOpen);
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    try {
      if (open) localStorage.setItem(STORAGE_KEY, 'open');
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Blocked storage only forgets the choice on reload.
    }
  }, [open]);
  const toggle = useCallback(() => {
    setOpen((current) => !current);
    setMounted(true);
  }, []);
  return { open, mounted, toggle };
}
