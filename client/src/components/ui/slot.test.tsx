// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Slot as RadixSlot } from 'radix-ui';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';

afterEach(cleanup);

describe('Slot', () => {
  it('renders the child with the props merged as Radix does', () => {
    const rendered = [Slot, RadixSlot.Root].map((Component) => {
      const order: string[] = [];
      const { container } = render(
        <Component
          className="slot"
          title="slot title"
          style={{ color: 'red', margin: 1 }}
          onClick={() => order.push('slot')}
          data-from-slot=""
        >
          <a
            href="/x"
            className="child"
            title="child title"
            style={{ margin: 2 }}
            onClick={() => order.push('child')}
          >
            Go
          </a>
        </Component>,
      );
      fireEvent.click(screen.getByText('Go'));
      expect(order).toEqual(['child', 'slot']);
      const html = container.innerHTML;
      cleanup();
      return html;
    });
    expect(rendered[0]).toBe(rendered[1]);
    expect(rendered[0]).toContain('class="slot child" title="child title"');
    expect(rendered[0]).toContain('style="color: red; margin: 2px;"');
  });

  it('sets both refs', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot ref={slotRef}>
        <a ref={childRef} href="/x">
          Go
        </a>
      </Slot>,
    );
    expect(slotRef.current).toBe(screen.getByText('Go'));
    expect(childRef.current).toBe(screen.getByText('Go'));
  });

  it("gives a link a button's classes and keeps the link's handler", () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Button asChild size="sm" className="px-2">
        <a href="/register" onClick={onClick}>
          Get Started
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link.className).toContain('h-8 text-sm px-2');
    expect(link.getAttribute('type')).toBeNull();
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
