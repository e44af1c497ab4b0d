import { cloneElement, isValidElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> };

/**
 * Renders its only child with its own props merged in, as Radix's Slot does: the child's props
 * win, but handlers both run (the child's first), styles merge and class names join, and both
 * refs are set. Its own because Radix's costs every page a kilobyte of gzip for `asChild` on
 * a button (decision 0026); Radix's components keep theirs.
 */
export function Slot({ children, ref, ...slotProps }: Props) {
  if (!isValidElement<Props>(children)) return null;
  const childProps = children.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result = (childValue as (...values: unknown[]) => unknown)(...args);
          (slotValue as (...values: unknown[]) => unknown)(...args);
          return result;
        };
      } else if (slotValue) {
        merged[name] = slotValue;
      }
    } else if (name === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  const childRef = childProps.ref;
  merged.ref = ref && childRef ? composeRefs(ref, childRef) : (ref ?? childRef);
  return cloneElement(children, merged);
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
      return undefined;
    });
    return () =>
      refs.forEach((ref, index) => {
        const cleanup = cleanups[index];
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      });
  };
}
