import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A component whose code loads the first time `isOpen(props)` holds, rendering nothing until
 * then, and which stays mounted from then on (a dialog keeps what was typed in it when closed,
 * and closes with its animation). For dialogs: their code is not in the JavaScript a page's
 * first visit downloads (bench/page-weight). `preload` starts the load early, on a hover say.
 */
export function loadWhenOpened<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LoadWhenOpened(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LoadWhenOpened.preload = () => void load();
  return LoadWhenOpened;
}
