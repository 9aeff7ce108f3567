/**
 * The alarm tone of an emergency alert (red button and acknowledgements, decision 018): a two-tone
 * signal (880 / 660 Hz, half a second each, like a French evacuation signal's rhythm, softened by a
 * short ramp so it never clicks), played with Web Audio while an alert is in force on a totem whose
 * development turned the tone on (published setting `alarmTone`, off by default: decision 017). It
 * stops with the alert — at the end message, not after it — and never plays for the end screen.
 *
 * Web Audio, not an audio file: nothing to download or cache, so it sounds offline on a totem
 * that never synced a sound. Browsers start an AudioContext suspended without a user gesture; the
 * totems' browser runs with `--autoplay-policy=no-user-gesture-required` (deploy/totem), and
 * elsewhere the tone starts at the first touch (resume is retried on pointerdown).
 */
import { useEffect } from 'react';

export const TONE_HZ = [880, 660] as const;
export const TONE_STEP_S = 0.5;
/** Loud enough to be heard from a corridor, below clipping. */
export const TONE_GAIN = 0.25;
/** How far ahead the steps are scheduled; refilled by a timer. */
const SCHEDULE_AHEAD_S = 2;

export type AudioContextFactory = () => AudioContext;

/** Starts the tone; returns the function that stops it (idempotent). */
export function startAlarmTone(
  createContext: AudioContextFactory = () => new AudioContext(),
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let context: AudioContext;
  try {
    context = createContext();
  } catch (error) {
    console.warn('[alert] no Web Audio: the alert stays silent', error);
    return () => undefined;
  }
  const gain = context.createGain();
  gain.gain.value = TONE_GAIN;
  gain.connect(context.destination);

  let nextAt = context.currentTime + 0.05;
  let step = 0;
  const schedule = () => {
    while (nextAt < context.currentTime + SCHEDULE_AHEAD_S) {
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = TONE_HZ[step % TONE_HZ.length]!;
      envelope.gain.setValueAtTime(0, nextAt);
      envelope.gain.linearRampToValueAtTime(1, nextAt + 0.02);
      envelope.gain.setValueAtTime(1, nextAt + TONE_STEP_S - 0.02);
      envelope.gain.linearRampToValueAtTime(0, nextAt + TONE_STEP_S);
      oscillator.connect(envelope);
      envelope.connect(gain);
      oscillator.start(nextAt);
      oscillator.stop(nextAt + TONE_STEP_S);
      nextAt += TONE_STEP_S;
      step += 1;
    }
  };
  schedule();
  const timer = setInterval(schedule, (SCHEDULE_AHEAD_S / 2) * 1000);
  const resume = () => void context.resume().catch(() => undefined);
  resume();
  target.addEventListener('pointerdown', resume);

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    target.removeEventListener('pointerdown', resume);
    gain.disconnect();
    void context.close().catch(() => undefined);
  };
}

/** Plays the tone while `on` is true. */
export function useAlarmTone(on: boolean, createContext?: AudioContextFactory): void {
  useEffect(() => {
    if (!on) return undefined;
    return startAlarmTone(createContext);
  }, [on, createContext]);
}
