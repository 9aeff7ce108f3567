/** The acknowledgement of a remote command (issue 47): its route, body and answer. */
import type { KioskCommandAck, ResponseOf } from '@plant-kiosk/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from './api-client';

function client(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient(
    { contentBase: 'http://content.test', authBase: 'http://auth.test' },
    () => 'jeton',
    {
      fetch: async (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    },
  );
  return { api, calls };
}

describe('API client — ackCommand', () => {
  it('POSTs the acknowledgement to /display/commands/:devid/:commandId/ack with the token', async () => {
    const ack: KioskCommandAck = { status: 'failed', reason: 'expirée' };
    const { api, calls } = client(200, { data: ack, message: 'OK', error: null });
    expect(await api.ackCommand(7, 42, ack)).toEqual(ack);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://content.test/display/commands/7/42/ack');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(ack);
    expect(new Headers(calls[0]!.init.headers).get('token')).toBe('jeton');
    expectTypeOf<Awaited<ReturnType<ApiClient['ackCommand']>>>().toEqualTypeOf<
      ResponseOf<'kioskCommandAck'>
    >();
  });

  it('a refusal is an ApiError with its status (the runner drops a 403 or 404)', async () => {
    const { api } = client(403, {
      data: null,
      message: 'Commande d’un autre totem',
      error: 'forbidden',
    });
    const error = await api.ackCommand(7, 42, { status: 'done' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
  });
});
