import { ADMIN_CSRF_HEADER } from '@plant-kiosk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { api, ApiError, setCsrfToken, setUnauthorizedHandler } from './client';

afterEach(() => {
  setCsrfToken(null);
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it('sends the CSRF token on every state-changing call, not on reads', async () => {
    const calls = mockFetch(() => ({ data: {} }));
    setCsrfToken('csrf-123');
    await api.get('/api/admin/me');
    await api.post('/api/admin/developments/1/publish', { type: 'sync' });
    await api.patch('/api/admin/elements/3', { expectedVersion: 1, value: 'x' });
    await api.put('/api/admin/zones/2/elements/order', { ids: [1] });
    await api.delete('/api/admin/elements/3?expectedVersion=2');
    expect(calls[0]!.headers[ADMIN_CSRF_HEADER]).toBeUndefined();
    for (const call of calls.slice(1)) expect(call.headers[ADMIN_CSRF_HEADER]).toBe('csrf-123');
  });

  it('turns a 409 into an ApiError carrying the current item', async () => {
    mockFetch(() => ({ status: 409, message: 'Modifié entre-temps.', data: { version: 4 } }));
    const error = await api.patch('/api/admin/zones/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isConflict).toBe(true);
    expect((error as ApiError).data).toEqual({ version: 4 });
    expect((error as ApiError).message).toBe('Modifié entre-temps.');
  });

  it('calls the unauthorized handler on a 401 (session over)', async () => {
    mockFetch(() => ({ status: 401, message: 'Votre session a expiré : reconnectez-vous.' }));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await api.get('/api/admin/developments').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
