/**
 * « Vous êtes ici » on the totem (issue 47): the site plan's sections (Autres informations and
 * Urgence) draw this totem's point over the image it was placed on, at its relative position —
 * and not over an image since replaced; the tap still opens the zoomable view. Other zones never
 * carry it.
 */
import { IMAGE_ZONES, type KioskOwnSettings } from '@plant-kiosk/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { installObserverShims } from '../../components/image-carousel/testing/layout-shims';
import { useConnectionStore } from '../network';
import { HereMarker, useOwnSettingsStore } from '../own-settings';
import EmergencyPage from './emergency-page';
import OtherInfoPage from './other-info-page';
import { ZoneSection } from './staff-section';
import { clearContent, ContentBuilder } from './testing/content-builder';

const PLAN = IMAGE_ZONES.sitePlan.fr;
/** A whole page renders from the local database: more than the default second on a busy machine. */
const WAIT = { timeout: 5000 };
let planElements: number[] = [];

function settings(marks: KioskOwnSettings['marks']): void {
  useOwnSettingsStore.setState({
    settings: { kioskId: 'this-totem', name: null, location: null, marks },
  });
}

beforeEach(async () => {
  installObserverShims();
  resetShellState();
  useConnectionStore.setState({ online: false, lastPingAt: null });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await clearContent();
  const content = new ContentBuilder();
  const zoneid = content.zone(PLAN);
  planElements = [
    content.element(zoneid, 'media/images/plan-a.svg'),
    content.element(zoneid, 'media/images/plan-b.svg'),
  ];
  content.imageZone(IMAGE_ZONES.meetingRooms.fr, ['media/images/salles.svg']);
  await content.write();
});

afterEach(() => {
  useOwnSettingsStore.setState({ settings: null });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('« Vous êtes ici » on the site plan', () => {
  it('draws the point over the image it was placed on, at its relative position', async () => {
    settings([{ elementid: planElements[1]!, x: 0.25, y: 0.6, image: 'media/images/plan-b.svg' }]);
    renderInKiosk(<ZoneSection title="Plan du site" zonename={PLAN} />);
    const button = await screen.findByRole('button', {
      name: 'Agrandir : Plan du site, 2 / 2, Vous êtes ici',
    });
    const marker = within(button).getByTestId('here-marker');
    expect(marker.textContent).toBe('Vous êtes ici');
    expect(marker.style.left).toBe('25%');
    expect(marker.style.top).toBe('60%');
    // One point: the other image carries none.
    expect(screen.getAllByTestId('here-marker')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Agrandir : Plan du site, 1 / 2' })).toBeTruthy();

    // The tap still opens the zoomable view.
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Plan du site, 2 / 2, Vous êtes ici' });
    expect(within(dialog).getByRole('button', { name: 'Zoomer' })).toBeTruthy();
    // The zoomed image carries the point too.
    expect(within(dialog).getByTestId('here-marker').style.left).toBe('25%');
  });

  it('hides a point placed on an image since replaced', async () => {
    settings([{ elementid: planElements[0]!, x: 0.5, y: 0.5, image: 'media/images/ancien.svg' }]);
    renderInKiosk(<ZoneSection title="Plan du site" zonename={PLAN} />);
    expect(
      await screen.findByRole('button', { name: 'Agrandir : Plan du site, 1 / 2' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('here-marker')).toBeNull();
  });

  it('follows the settings as they change (a `profile` message read them again)', async () => {
    renderInKiosk(<ZoneSection title="Plan du site" zonename={PLAN} />);
    await screen.findByRole('button', { name: 'Agrandir : Plan du site, 1 / 2' });
    expect(screen.queryByTestId('here-marker')).toBeNull();
    act(() =>
      settings([{ elementid: planElements[0]!, x: 0.1, y: 0.9, image: 'media/images/plan-a.svg' }]),
    );
    expect((await screen.findByTestId('here-marker')).style.left).toBe('10%');
    act(() => settings([]));
    expect(screen.queryByTestId('here-marker')).toBeNull();
  });

  it('shows on both pages of the plan, never on another zone', async () => {
    settings([
      { elementid: planElements[0]!, x: 0.5, y: 0.5, image: 'media/images/plan-a.svg' },
      // An element of another zone (not the plan's): never drawn.
      { elementid: 9999, x: 0.5, y: 0.5, image: 'media/images/salles.svg' },
    ]);
    const other = renderInKiosk(<OtherInfoPage />);
    expect(await screen.findAllByTestId('here-marker', undefined, WAIT)).toHaveLength(1);
    // Each zone of the page loads on its own: the rooms' list may come after the plan's marker.
    const rooms = await screen.findByRole('list', { name: 'Salles de réunion' }, WAIT);
    expect(within(rooms).queryByTestId('here-marker')).toBeNull();
    other.unmount();
    renderInKiosk(<EmergencyPage />);
    const plan = await screen.findByRole('list', { name: 'Plan du site' }, WAIT);
    expect(await within(plan).findAllByTestId('here-marker', undefined, WAIT)).toHaveLength(1);
  });
});

describe('HereMarker', () => {
  it('speaks English when asked, and keeps its label inside the image near the edges', () => {
    const { container, rerender } = render(<HereMarker x={0.05} y={0.05} language="en" />);
    const marker = container.querySelector('.here-marker')!;
    expect(marker.textContent).toBe('You are here');
    expect(marker.className).toContain('here-marker--below');
    expect(marker.className).toContain('here-marker--start');
    rerender(<HereMarker x={0.95} y={0.5} />);
    expect(marker.textContent).toBe('Vous êtes ici');
    expect(marker.className).toContain('here-marker--above');
    expect(marker.className).toContain('here-marker--end');
  });
});
