import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from './scroll-manager';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;

function Layout() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

async function render(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <p>A</p> },
          {
            path: '/b',
            element: (
              <>
                <p>B</p>
                <h2 id="prices">Prices</h2>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

/** SPEC.md §2: every new screen starts at the top, smoothly; an address with a hash goes to its section. */
describe('ScrollManager', () => {
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  it('takes every new screen to the top, smoothly', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = await render('/a');
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    scrollTo.mockClear();
    await act(async () => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('goes to the section an address names by its hash instead', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const router = await render('/a');
    scrollTo.mockClear();
    await act(async () => router.navigate('/b#prices'));
    expect(intoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(intoView.mock.contexts[0]).toBe(document.getElementById('prices'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
