import type { ActiveAlert } from '@plant-kiosk/contract';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { resetSettings, useSettingsStore } from '../../lib/settings/settings-store';
import { startAlarmTone, TONE_HZ } from './alarm-tone';
import { receiveAlert, useAlertStore } from './alert-store';
import { EmergencyAlertTakeover } from './emergency-alert-takeover';

/** Just enough of Web Audio to see what is played (jsdom has none). */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  currentTime = 0;
  destination = {};
  closed = false;
  resumed = 0;
  frequencies: number[] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  private node() {
    return {
      connect: () => undefined,
      disconnect: () => undefined,
      gain: {
        value: 1,
        setValueAtTime: () => undefined,
        linearRampToValueAtTime: () => undefined,
      },
    };
  }
  createGain() {
    return this.node();
  }
  createOscillator() {
    const frequency = { value: 0 };
    return {
      ...this.node(),
      type: 'sine',
      frequency,
      start: () => this.frequencies.push(frequency.value),
      stop: () => undefined,
    };
  }
  resume() {
    this.resumed += 1;
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}
const createContext = () => new FakeAudioContext() as unknown as AudioContext;

const DEV = 'alarm-tone-test';
const alert: ActiveAlert = {
  templateid: 1,
  templateName: 'Évacuation',
  kind: 'evacuation',
  drill: false,
  startedAt: new Date().toISOString(),
  startedBy: 'api',
  maxDurationMinutes: 120,
};

beforeEach(() => {
  FakeAudioContext.made = [];
  resetSettings();
  useAlertStore.setState({
    devname: null,
    active: null,
    ending: null,
    receivedAt: null,
    ack: null,
  });
});
afterEach(async () => {
  resetSettings();
  await openKioskDb(DEV).delete();
  closeKioskDb(DEV);
});

describe('the alarm tone', () => {
  it('alternates its two tones, resumes on a touch, and stops for good', () => {
    const target = new EventTarget() as unknown as Window;
    const stop = startAlarmTone(createContext, target);
    const context = FakeAudioContext.made[0]!;
    expect(context.frequencies.slice(0, 4)).toEqual([...TONE_HZ, ...TONE_HZ]);
    target.dispatchEvent(new Event('pointerdown'));
    expect(context.resumed).toBe(2);
    stop();
    stop();
    expect(context.closed).toBe(true);
    target.dispatchEvent(new Event('pointerdown'));
    expect(context.resumed).toBe(2);
  });

  it('sounds during an alert only when the development turned it on, and stops at the end', async () => {
    const db = openKioskDb(DEV);
    render(
      <EmergencyAlertTakeover
        db={db}
        config={{ contentBase: 'http://kiosk.test' }}
        createAudioContext={createContext}
      />,
    );
    act(() => receiveAlert(DEV, alert));
    await screen.findByRole('alertdialog');
    expect(FakeAudioContext.made).toHaveLength(0); // off by default

    act(() =>
      useSettingsStore.setState({
        settings: { ...DEFAULT_SETTINGS, alarmTone: true },
        loaded: true,
      }),
    );
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(FakeAudioContext.made[0]!.closed).toBe(false);

    act(() => receiveAlert(DEV, null));
    // The end message shows, silent.
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(FakeAudioContext.made[0]!.closed).toBe(true);
    expect(FakeAudioContext.made).toHaveLength(1);
    vi.restoreAllMocks();
  });
});
