/**
 * The takeover with fake timers: it latches across a "reload" (local storage), ignores touches
 * while in force, ends on the end message with the end text for 30 s or until a touch, ends by itself after the maximum duration,
 * says EXERCICE / DRILL for a drill, and shows a generic screen for a template it lacks.
 */
import type { ActiveAlert, AlertTemplate } from '@plant-kiosk/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { INACTIVITY_SECONDS, useUiStore } from '../../lib/ui-store/ui-store';
import {
  END_SCREEN_MS,
  receiveAlert,
  restoreAlert,
  setMonotonicClock,
  useAlertStore,
} from './alert-store';
import { EmergencyAlertTakeover, formatElapsed } from './emergency-alert-takeover';

const DEV = 'alert-test';
const START = Date.parse('2026-11-25T10:00:00.000Z');
const TEMPLATE: AlertTemplate = {
  templateid: 1,
  name: 'Évacuation',
  kind: 'evacuation',
  titleFr: 'Évacuation immédiate',
  titleEn: 'Evacuate now',
  instructionsFr: 'Quittez le bâtiment.',
  instructionsEn: 'Leave the building.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: '/media/images/plan.png',
  endTextFr: 'Fin de l’alerte : regagnez votre poste.',
  endTextEn: 'All clear: back to work.',
  maxDurationMinutes: 120,
};
const alert = (overrides: Partial<ActiveAlert> = {}): ActiveAlert => ({
  templateid: 1,
  templateName: 'Évacuation',
  kind: 'evacuation',
  drill: false,
  startedAt: new Date(START).toISOString(),
  startedBy: 'api',
  maxDurationMinutes: 120,
  ...overrides,
});

async function show() {
  const db = openKioskDb(DEV);
  await db.alertTemplates.put(TEMPLATE);
  const onClick = vi.fn();
  render(
    <>
      <button onClick={onClick}>Page dessous</button>
      <EmergencyAlertTakeover db={db} config={{ contentBase: 'http://kiosk.test' }} />
    </>,
  );
  return { onClick };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(START + 65_000);
  useAlertStore.setState({
    devname: null,
    active: null,
    ending: null,
    receivedAt: null,
    ack: null,
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await openKioskDb(DEV).delete();
  closeKioskDb(DEV);
});

describe('EmergencyAlertTakeover', () => {
  it('shows nothing without an alert, and "no alert" on connecting changes nothing', async () => {
    await show();
    act(() => receiveAlert(DEV, null));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('takes over in both languages with the elapsed time, and touches do not dismiss it', async () => {
    const { onClick } = await show();
    act(() => receiveAlert(DEV, alert()));
    const dialog = await screen.findByRole('alertdialog');
    await screen.findByTestId('alert-elapsed');
    expect(dialog.textContent).toContain('Évacuation immédiate');
    expect(dialog.textContent).toContain('Evacuate now');
    expect(dialog.textContent).toContain('Leave the building.');
    expect(screen.getByTestId('alert-elapsed').textContent).toContain('depuis 1 min 05 s');
    expect(screen.getByRole('img', { hidden: true, name: 'Plan / Map' }).getAttribute('src')).toBe(
      'http://kiosk.test/media/images/plan.png',
    );
    expect(screen.queryByTestId('alert-drill')).toBeNull();

    fireEvent.click(dialog);
    fireEvent.pointerDown(dialog);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByTestId('alert-elapsed').textContent).toContain('depuis 2 min 05 s');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows an alert’s own texts (a CAP free message) over the template’s, the instructions’ paragraphs kept', async () => {
    await show();
    act(() =>
      receiveAlert(
        DEV,
        alert({
          text: {
            titleFr: 'Fuite de gaz bâtiment B',
            titleEn: 'Gas leak in building B',
            instructionsFr: 'Une fuite est détectée.\n\nÉvacuez le bâtiment B.',
            instructionsEn: 'Leave building B.',
          },
        }),
      ),
    );
    const dialog = await screen.findByRole('alertdialog');
    await screen.findByTestId('alert-elapsed');
    expect(dialog.textContent).toContain('Fuite de gaz bâtiment B');
    expect(dialog.textContent).toContain('Gas leak in building B');
    expect(dialog.textContent).toContain('Évacuez le bâtiment B.');
    expect(dialog.textContent).toContain('Leave building B.');
    expect(dialog.textContent).not.toContain('Évacuation immédiate');
  });

  it('holds the inactivity timers while it shows', async () => {
    await show();
    act(() => receiveAlert(DEV, alert()));
    await screen.findByRole('alertdialog');
    useUiStore.setState({ inactivityRemaining: 5 });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(useUiStore.getState().inactivityRemaining).toBe(INACTIVITY_SECONDS);
  });

  it('is latched: a reload (a new store read from local storage) shows it again', async () => {
    act(() => receiveAlert(DEV, alert({ drill: true })));
    useAlertStore.setState({ devname: null, active: null, ending: null });
    restoreAlert(DEV);
    await show();
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect((await screen.findAllByTestId('alert-drill'))[0]!.textContent).toContain(
      'EXERCICE · DRILL',
    );
  });

  it('ends on the end message: the end text for 30 s, then the page under it', async () => {
    await show();
    act(() => receiveAlert(DEV, alert()));
    await screen.findByTestId('emergency-alert');
    act(() => receiveAlert(DEV, null));
    const end = await screen.findByTestId('emergency-alert-end');
    expect(end.textContent).toContain('Fin de l’alerte : regagnez votre poste.');
    expect(end.textContent).toContain('All clear: back to work.');
    expect(localStorage.getItem(`plant-kiosk:alert:${DEV}`)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(END_SCREEN_MS - 2_000));
    expect(screen.getByTestId('emergency-alert-end')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page dessous' })).toBeTruthy();
  });

  it('after a drill, says it was one: "Fin de l’exercice" / "End of drill" (issue 41, item 7)', async () => {
    await show();
    act(() => receiveAlert(DEV, alert({ drill: true })));
    await screen.findByTestId('emergency-alert');
    act(() => receiveAlert(DEV, null));
    const end = await screen.findByRole('alertdialog', { name: /Fin de l’exercice/ });
    expect(end.getAttribute('data-testid')).toBe('emergency-alert-end');
    expect(end.textContent).toContain('End of drill');
    // What to do now still shows, below.
    expect(screen.getByTestId('alert-end-text').textContent).toContain(
      'Fin de l’alerte : regagnez votre poste.',
    );
    expect(screen.getByTestId('alert-end-dismiss').textContent).toContain(
      'Touchez l’écran pour continuer',
    );
  });

  it('a real alert’s end keeps its own text, without the drill’s', async () => {
    await show();
    act(() => receiveAlert(DEV, alert()));
    await screen.findByTestId('emergency-alert');
    act(() => receiveAlert(DEV, null));
    const end = await screen.findByRole('alertdialog', {
      name: /Fin de l’alerte : regagnez votre poste\./,
    });
    expect(end.textContent).not.toContain('exercice');
    expect(end.textContent).not.toContain('drill');
  });

  it('once over, a touch dismisses the end screen without reaching the page under it', async () => {
    const { onClick } = await show();
    act(() => receiveAlert(DEV, alert({ drill: true })));
    const dialog = await screen.findByTestId('emergency-alert');
    // In force: a touch does nothing.
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.getByTestId('emergency-alert')).toBeTruthy();

    act(() => receiveAlert(DEV, null));
    const end = await screen.findByTestId('emergency-alert-end');
    fireEvent.pointerDown(end);
    // The pointer going down dismisses nothing yet (the rest of the touch would land under it)…
    expect(screen.getByTestId('emergency-alert-end')).toBeTruthy();
    // …its click does, long before the 30 s.
    fireEvent.click(end);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useAlertStore.getState().ending).toBeNull();
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Page dessous' })).toBeTruthy();
  });

  it('a key dismisses the end screen too (Enter, Space, Escape)', async () => {
    await show();
    act(() => receiveAlert(DEV, alert()));
    const dialog = await screen.findByTestId('emergency-alert');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('emergency-alert')).toBeTruthy();
    act(() => receiveAlert(DEV, null));
    fireEvent.keyDown(await screen.findByTestId('emergency-alert-end'), { key: 'Enter' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('ends by itself after the maximum duration when it hears nothing', async () => {
    await show();
    act(() => receiveAlert(DEV, alert({ maxDurationMinutes: 2 })));
    await screen.findByTestId('emergency-alert');
    await act(() => vi.advanceTimersByTimeAsync(56_000));
    expect(await screen.findByTestId('emergency-alert-end')).toBeTruthy();
    expect(useAlertStore.getState().ending?.reason).toBe('expired');
  });

  it('shows a generic evacuation screen naming the alert when it lacks the template', async () => {
    await show();
    act(() => receiveAlert(DEV, alert({ templateid: 42, templateName: 'Fuite de gaz' })));
    const dialog = await screen.findByRole('alertdialog');
    await screen.findByTestId('alert-generic');
    expect(dialog.textContent).toContain('Alerte : évacuez');
    expect(dialog.textContent).toContain('Alert: evacuate');
    expect(screen.getByTestId('alert-generic').textContent).toContain('« Fuite de gaz »');
  });

  it('is an accessible alert dialog', async () => {
    await show();
    act(() => receiveAlert(DEV, alert()));
    const dialog = await screen.findByRole('alertdialog', { name: /Évacuation immédiate/ });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('Quittez le bâtiment');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
  });
});

describe('formatElapsed', () => {
  it('reads the same in both languages', () => {
    expect(formatElapsed(9_000)).toBe('9 s');
    expect(formatElapsed(65_000)).toBe('1 min 05 s');
    expect(formatElapsed(3_720_000)).toBe('1 h 02 min');
  });

  it('acknowledges once the takeover is painted, with the time it took, once per alert', async () => {
    let clock = 1_000;
    setMonotonicClock(() => clock);
    try {
      await show();
      act(() => receiveAlert(DEV, alert({ alertid: 41 })));
      clock = 1_180;
      await screen.findByTestId('alert-elapsed');
      await waitFor(() => expect(useAlertStore.getState().ack).not.toBeNull());
      const first = useAlertStore.getState().ack!;
      expect(first.alertid).toBe(41);
      // Measured from the arrival to the paint (the clock moved 180 ms in between here; the
      // frame and the task after it may add their own time).
      expect(first.takeoverMs).toBeGreaterThanOrEqual(180);
      // The state re-sent on reconnecting is the same alert: the acknowledgement stands.
      clock = 9_000;
      act(() => receiveAlert(DEV, alert({ alertid: 41 })));
      expect(useAlertStore.getState().ack).toBe(first);
      // Another alert: a new measure, a new acknowledgement.
      act(() => receiveAlert(DEV, alert({ alertid: 42, templateid: 1, drill: true })));
      await waitFor(() => expect(useAlertStore.getState().ack?.alertid).toBe(42));
    } finally {
      setMonotonicClock(() => performance.now());
    }
  });

  it('has nothing to acknowledge for an alert without a number (an older server)', async () => {
    await show();
    act(() => receiveAlert(DEV, alert()));
    await screen.findByTestId('alert-elapsed');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(useAlertStore.getState().ack).toBeNull();
  });
});
