/**
 * « Mettre en sourdine… » (issue 48, part 2): a totem is muted for the hours chosen (the body the
 * server gets, its message shown), its page says until when, and « Fin de la sourdine » ends it.
 */
import { pathOf, type HealthIncidentList } from '@plant-kiosk/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { KioskMuteControl } from './kiosk-mute';

afterEach(() => {
  vi.unstubAllGlobals();
});

const kioskId = 'bbbbbbbb-1111';
const mutePath = pathOf('adminMuteKiosk', { params: { devid: 1, kioskId } });

describe('KioskMuteControl', () => {
  it('mutes for the hours chosen, then ends the mute', async () => {
    let until: string | null = null;
    const calls = mockFetch((call) => {
      if (call.url === pathOf('adminHealthIncidents', { params: { devid: 1 } })) {
        const list: HealthIncidentList = {
          incidents: [],
          mutes: until ? [{ devid: 1, kioskId, until }] : [],
        };
        return { data: list };
      }
      if (call.url === mutePath && call.method === 'POST') {
        until = '2026-11-28T09:00:00.000Z';
        return {
          data: { devid: 1, kioskId, until },
          message: 'Totem en sourdine pendant 24 h : aucun message à son sujet jusque-là.',
        };
      }
      if (call.url === mutePath && call.method === 'DELETE') {
        until = null;
        return {
          data: { devid: 1, kioskId, until: null },
          message: 'Fin de la sourdine : ce totem peut de nouveau donner lieu à des messages.',
        };
      }
      return undefined;
    });
    render(<KioskMuteControl devid={1} kioskId={kioskId} timeZone="Europe/Paris" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre en sourdine…' }));
    const choice = screen.getByRole('combobox', { name: 'Sourdine pendant' });
    expect(Array.from((choice as HTMLSelectElement).options).map((option) => option.text)).toEqual([
      '1 h',
      '4 h',
      '24 h',
      '72 h',
    ]);
    fireEvent.change(choice, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mettre en sourdine' }));
    expect(
      await screen.findByText(
        'Totem en sourdine pendant 24 h : aucun message à son sujet jusque-là.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ hours: 24 });
    expect(screen.getByText('En sourdine')).toBeTruthy();
    expect(screen.getByText(/28\/11\/2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fin de la sourdine' }));
    expect(
      await screen.findByText(
        'Fin de la sourdine : ce totem peut de nouveau donner lieu à des messages.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mettre en sourdine…' })).toBeTruthy();
  });

  it('shows a muted totem as such on arrival', async () => {
    mockFetch((call) =>
      call.url === pathOf('adminHealthIncidents', { params: { devid: 1 } })
        ? {
            data: {
              incidents: [],
              mutes: [{ devid: 1, kioskId, until: '2026-11-28T09:00:00.000Z' }],
            },
          }
        : undefined,
    );
    render(<KioskMuteControl devid={1} kioskId={kioskId} timeZone="Europe/Paris" />);
    expect(await screen.findByRole('button', { name: 'Fin de la sourdine' })).toBeTruthy();
  });
});
