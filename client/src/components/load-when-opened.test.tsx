// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOpened } from './load-when-opened';

afterEach(cleanup);

function Panel({ open, text }: { open: boolean; text: string }) {
  return <p>{open ? text : `${text} (closed)`}</p>;
}

describe('loadWhenOpened', () => {
  it('loads nothing and renders nothing until first opened, then stays mounted', async () => {
    const load = vi.fn(async () => Panel);
    const Lazy = loadWhenOpened(load, (props: { open: boolean; text: string }) => props.open);

    const { container, rerender } = render(<Lazy open={false} text="Hello" />);
    expect(load).not.toHaveBeenCalled();
    expect(container.textContent).toBe('');

    rerender(<Lazy open text="Hello" />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed again, it is still there to close itself (and keep what it holds).
    rerender(<Lazy open={false} text="Hello" />);
    expect(screen.getByText('Hello (closed)')).toBeTruthy();
  });

  it('starts the load on preload, before any opening', () => {
    const load = vi.fn(async () => Panel);
    const Lazy = loadWhenOpened(load, (props: { open: boolean; text: string }) => props.open);
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
