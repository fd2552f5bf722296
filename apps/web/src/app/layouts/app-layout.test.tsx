import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAccountMenuOpenRequest, isAccountMenuOpenRequested } from './account-menu-request';

declare global {
  // React's flag for tests that drive rendering with act().
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// The menu's chunk arrives when the test lets it; the menu stands for the real one (open as requested).
let arrive: () => void = () => {};
const arrived = new Promise<void>((resolve) => {
  arrive = resolve;
});
vi.mock('./account-menu', async () => {
  await arrived;
  const { useState } = await import('react');
  return {
    default: function FakeAccountMenu() {
      const [open] = useState(isAccountMenuOpenRequested);
      return <button type="button" data-testid="menu" data-open={open} />;
    },
  };
});

const { AccountMenuSlot } = await import('./app-layout');

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  clearAccountMenuOpenRequest();
});

describe('the account menu stand-in', () => {
  it('opens the menu when pressed before the chunk arrived, even if the click never reaches it', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    await act(async () => root?.render(<AccountMenuSlot />));
    const standIn = container.querySelector('button')!;
    // Pointer down on the stand-in before the chunk is there (a touch: no hover before it); the chunk
    // arrives and replaces it before the click, which then lands on neither button.
    await act(async () => {
      standIn.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    });
    await act(async () => {
      arrive();
      await arrived;
      await new Promise((r) => setTimeout(r, 20));
    });
    const menu = container.querySelector('[data-testid="menu"]');
    expect(menu?.getAttribute('data-open')).toBe('true');
  });

  it('stays the one trigger while the pointer is only over it, and opens the menu on the press', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    await act(async () => root?.render(<AccountMenuSlot />));
    const standIn = container.querySelector('button')!;
    await act(async () => {
      standIn.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 20));
    });
    // The chunk is there (fetched on hover), yet the button under the pointer is still the same one.
    expect(container.querySelector('button')).toBe(standIn);
    expect(container.querySelector('[data-testid="menu"]')).toBeNull();
    await act(async () => {
      standIn.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    });
    expect(container.querySelector('[data-testid="menu"]')?.getAttribute('data-open')).toBe('true');
  });
});
