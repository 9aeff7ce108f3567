import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { demoPlant, FakeContentServer } from './testing/fake-content-server';

function setup(token: string | null = 'token-7') {
  const server = new FakeContentServer(demoPlant());
  const api = createApiClient(
    { contentBase: server.origin, authBase: `${server.origin}/auth` },
    () => token,
    { fetch: server.fetch, timeoutMs: 50, pingTimeoutMs: 50, snapshotTimeoutMs: 50 },
  );
  return { server, api };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('API client', () => {
  it('sends the token header and returns the envelope data of every read call', async () => {
    const { server, api } = setup();

    expect(await api.zones(7)).toEqual(server.plant.zones);
    expect(await api.zone(7, 'Plan du site')).toEqual(server.plant.zones[0]);
    expect((await api.elements(1, { order: 2, quantity: 5 })).map((e) => e.elementid)).toEqual([
      11,
    ]);
    expect(await api.subelements(20, { order: 2, quantity: 1 })).toHaveLength(1);
    expect(await api.subgroups(20)).toHaveLength(2);
    expect((await api.populatedSubgroups(20, 'Produit'))[0]!.fields.titre![0]!.value).toBe(
      'Pompe A',
    );
    expect(await api.subgroupSubelements(100)).toHaveLength(2);
    expect(await api.subgroupFieldSubelements(101, 'vidéo')).toHaveLength(1);
    expect((await api.populatedSubgroup(101)).fields['vidéo']).toHaveLength(1);

    expect(server.requests.every((r) => r.headers.get('token') === 'token-7')).toBe(true);
    expect(server.paths()).toContain('/display/elements/1?order=2&quantity=5');
    expect(server.paths()).toContain('/display/zone/7/Plan%20du%20site');
  });

  it('logs in against the auth base with the hashed password', async () => {
    const { server, api } = setup(null);
    const answer = await api.login({
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin('kiosk') },
      devname: 'neubourg',
    });
    expect(answer).toEqual({ token: 'token-7', development: { devid: 7, devname: 'neubourg' } });
    const request = server.requests[0]!;
    expect(request.url).toBe(`${server.origin}/auth/clientauth`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('token')).toBeNull();
  });

  it('throws an ApiError with the envelope message and code on non-2xx', async () => {
    const { server, api } = setup();
    server.fail('/display/zones/7', {
      kind: 'status',
      status: 401,
      message: 'Identifiants invalides',
    });

    const error = await rejection(api.zones(7));

    expect(error).toMatchObject({
      status: 401,
      message: 'Identifiants invalides',
      code: 'internal_error',
    });
  });

  it('throws a status-0 ApiError on network failure and on timeout', async () => {
    const { server, api } = setup();
    server.fail('/display/zones/7', { kind: 'network' }, 1);
    expect(await rejection(api.zones(7))).toMatchObject({ status: 0, code: 'network' });
    server.fail('/display/zones/7', { kind: 'hang' }, 1);
    expect(await rejection(api.zones(7))).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('reports a caller abort as such', async () => {
    const { server, api } = setup();
    server.fail('/display/zones/7', { kind: 'hang' });
    const controller = new AbortController();
    const pending = api.zones(7, { signal: controller.signal });
    controller.abort();
    expect(await rejection(pending)).toMatchObject({ status: 0, code: 'aborted' });
  });

  it('rejects a 200 that is not an envelope (an HTML fallback page)', async () => {
    const { server, api } = setup();
    server.fail('/display/zones/7', {
      kind: 'body',
      body: '<!doctype html>',
      contentType: 'text/html',
    });
    expect(await rejection(api.zones(7))).toMatchObject({ status: 200, code: 'bad_response' });
  });

  it('pings with HEAD and is online only on 200', async () => {
    const { server, api } = setup();
    expect(await api.ping()).toBe(true);
    expect(server.requests[0]).toMatchObject({ method: 'HEAD', path: '/display/ping' });
    server.pingStatus = 204;
    expect(await api.ping()).toBe(false);
    server.pingStatus = 503;
    expect(await api.ping()).toBe(false);
    server.fail('/display/ping', { kind: 'network' }, 1);
    expect(await api.ping()).toBe(false);
    server.fail('/display/ping', { kind: 'hang' }, 1);
    expect(await api.ping()).toBe(false);
  });

  it('snapshot: ok with its ETag, not-modified on a matching ETag, unsupported on 404', async () => {
    const { server, api } = setup();
    const first = await api.snapshot(7);
    expect(first.status).toBe('ok');
    if (first.status !== 'ok') return;
    expect(first.etag).toBe(server.etag);
    expect(first.snapshot.zones).toHaveLength(3);

    expect(await api.snapshot(7, first.etag)).toEqual({ status: 'not-modified' });
    expect(server.requests[1]!.headers.get('If-None-Match')).toBe(server.etag);

    server.snapshotSupported = false;
    expect(await api.snapshot(7)).toEqual({ status: 'unsupported' });
    server.snapshotSupported = true;
    for (const status of [405, 501]) {
      server.fail(/snapshot/, { kind: 'status', status }, 1);
      expect(await api.snapshot(7)).toEqual({ status: 'unsupported' });
    }
    server.fail(/snapshot/, { kind: 'status', status: 500, message: 'panne' }, 1);
    expect(await rejection(api.snapshot(7))).toMatchObject({ status: 500, message: 'panne' });
  });

  it('changes: not-modified at the latest revision, the delta, full, unsupported on 404/405/501', async () => {
    const { server, api } = setup();
    expect(await api.changes(7, 1)).toEqual({ status: 'not-modified' });
    expect(server.paths()).toEqual(['/display/changes/7?since=1']);

    server.change((p) => {
      p.elements = p.elements.filter((e) => e.elementid !== 11);
      p.zones[0]!.zonename = 'Plan v2';
    });
    const delta = await api.changes(7, 1);
    expect(delta).toMatchObject({
      status: 'ok',
      changes: {
        devid: 7,
        full: false,
        from: 1,
        to: 2,
        puts: { zones: [{ zoneid: 1, zonename: 'Plan v2' }], elements: [] },
        deletes: { elements: [11], zones: [] },
        counts: { zones: 3, elements: 3, subelements: 5, subgroups: 2, alertTemplates: 0 },
      },
    });
    expect(await api.changes(7, 9)).toMatchObject({
      status: 'ok',
      changes: { full: true, reason: 'ahead', to: 2 },
    });

    server.changesSupported = false;
    expect(await api.changes(7, 1)).toEqual({ status: 'unsupported' });
    server.changesSupported = true;
    for (const status of [405, 501]) {
      server.fail(/changes/, { kind: 'status', status }, 1);
      expect(await api.changes(7, 1)).toEqual({ status: 'unsupported' });
    }
    server.fail(/changes/, { kind: 'status', status: 500, message: 'panne' }, 1);
    expect(await rejection(api.changes(7, 1))).toMatchObject({ status: 500, message: 'panne' });
    server.fail(/changes/, { kind: 'body', body: '{"data":{"full":' }, 1);
    expect(await rejection(api.changes(7, 1))).toMatchObject({ code: 'bad_response' });
    // A delta that never arrives times out (the snapshot's timeout: 50 ms here).
    server.fail(/changes/, { kind: 'hang' }, 1);
    expect(await rejection(api.changes(7, 1))).toMatchObject({ status: 0, code: 'timeout' });
  });
});
