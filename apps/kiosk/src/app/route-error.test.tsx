import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ChunkLoadError, lazyPage } from '../lib/lazy-with-retry/lazy-with-retry';
import { RouteError } from './route-error';
import { resetShellState } from './testing/render-in-kiosk';

function Boom(): never {
  throw new Error('la page a planté');
}

describe('router error element', () => {
  beforeEach(() => {
    resetShellState();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows "Unexpected Application Error!", the message and a Recharger button that reloads', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = createMemoryRouter([
      { path: '/', element: <Boom />, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('la page a planté')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reports a chunk that never loads as a ChunkLoadError', async () => {
    const importer = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const Page = lazyPage(importer, { delayMs: 1 });
    const router = createMemoryRouter([
      { path: '/', element: <Page />, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(
      screen.getByText(/Loading chunk failed after 3 attempts: Failed to fetch dynamically/),
    ).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(3);
  });

  it('a 404 shows the error screen too', () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <p />, errorElement: <RouteError /> }],
      {
        initialEntries: ['/nulle-part'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();
  });

  it('exports ChunkLoadError with its name', () => {
    expect(new ChunkLoadError('x').name).toBe('ChunkLoadError');
  });
});
