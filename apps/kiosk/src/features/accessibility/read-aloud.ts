/**
 * The read-aloud engine (issue 52, part 1): the page's chunks spoken one utterance at a time
 * through the browser's speech synthesis, with pause, resume and stop.
 *
 * - One utterance at a time (the next is queued from the previous one's `end`): a stop never
 *   leaves a long queue behind, and every callback carries the generation it belongs to, so the
 *   `end` or `error` a cancel fires for an old utterance never starts anything again.
 * - The utterance being spoken is kept in a module variable: Chromium drops the events of an
 *   utterance the page no longer references, and the reading would silently stall.
 * - Voices load asynchronously in Chromium (speech-dispatcher answers after the page starts): an
 *   empty list is waited on for `voiceschanged` a short while before the totem says plainly
 *   that it has no voice (the status `unavailable`), never failing silently.
 * - A pause left in force by a stop would mute the next reading in Chromium: a start always
 *   cancels and resumes first.
 */
import { create } from 'zustand';
import type { SpeechChunk } from './speech-chunks';

export type ReadAloudStatus = 'idle' | 'starting' | 'reading' | 'paused' | 'unavailable';

interface ReadAloudState {
  status: ReadAloudStatus;
}

export const useReadAloudStore = create<ReadAloudState>()(() => ({ status: 'idle' }));

/** How long an empty voice list is waited on before the totem says it has none. */
export const VOICES_WAIT_MS = 2000;

type UtteranceConstructor = new (text: string) => SpeechSynthesisUtterance;

interface SpeechScope {
  speechSynthesis?: SpeechSynthesis;
  SpeechSynthesisUtterance?: UtteranceConstructor;
}

const browserScope = (): SpeechScope =>
  (typeof window === 'undefined' ? globalThis : window) as SpeechScope;

/** The speech synthesis of this browser, or null when it has none (or cannot make utterances). */
export function speechSynthesisOf(scope: SpeechScope = browserScope()): SpeechSynthesis | null {
  if (!scope.speechSynthesis || typeof scope.SpeechSynthesisUtterance !== 'function') return null;
  return scope.speechSynthesis;
}

function utteranceOf(text: string): SpeechSynthesisUtterance {
  const Utterance = browserScope().SpeechSynthesisUtterance;
  if (!Utterance) throw new Error('no SpeechSynthesisUtterance in this browser');
  return new Utterance(text);
}

/** The utterance language of a page language: French of France, English of Britain. */
export function speechLang(lang: string): string {
  const primary = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'fr') return 'fr-FR';
  if (primary === 'en') return 'en-GB';
  return lang;
}

/** A voice of `lang` (e.g. fr-FR): the exact region first, then the language, a local one first. */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): SpeechSynthesisVoice | null {
  const wanted = lang.toLowerCase().replace('_', '-');
  const primary = wanted.split('-')[0];
  const norm = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace('_', '-');
  const exact = voices.filter((voice) => norm(voice) === wanted);
  const sameLanguage = voices.filter((voice) => norm(voice).split('-')[0] === primary);
  for (const list of [exact, sameLanguage]) {
    const chosen = list.find((voice) => voice.localService) ?? list[0];
    if (chosen) return chosen;
  }
  return null;
}

/** The voices, waiting up to `timeoutMs` for `voiceschanged` when the list is still empty. */
export function voicesOf(
  synth: SpeechSynthesis,
  timeoutMs = VOICES_WAIT_MS,
): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', onChange);
      resolve(synth.getVoices());
    };
    const onChange = () => {
      if (synth.getVoices().length > 0) done();
    };
    const timer = setTimeout(done, timeoutMs);
    synth.addEventListener('voiceschanged', onChange);
  });
}

let generation = 0;
/** The utterance being spoken (see the module comment: kept so its events are not lost). */
let current: SpeechSynthesisUtterance | null = null;

/**
 * Reads `chunks` aloud from the first, replacing any reading in progress. Resolves once the
 * reading has started (or the totem found it has no voice).
 */
export async function startReading(
  chunks: readonly SpeechChunk[],
  synth: SpeechSynthesis | null = speechSynthesisOf(),
): Promise<void> {
  const mine = ++generation;
  if (!synth) {
    useReadAloudStore.setState({ status: 'unavailable' });
    return;
  }
  synth.cancel();
  synth.resume();
  useReadAloudStore.setState({ status: 'starting' });
  const voices = await voicesOf(synth);
  if (mine !== generation) return;
  if (voices.length === 0) {
    useReadAloudStore.setState({ status: 'unavailable' });
    return;
  }
  if (chunks.length === 0) {
    useReadAloudStore.setState({ status: 'idle' });
    return;
  }
  useReadAloudStore.setState({ status: 'reading' });

  const speakFrom = (index: number) => {
    if (mine !== generation) return;
    const chunk = chunks[index];
    if (!chunk) {
      current = null;
      useReadAloudStore.setState({ status: 'idle' });
      return;
    }
    const utterance = utteranceOf(chunk.text);
    utterance.lang = speechLang(chunk.lang);
    const voice = pickVoice(voices, utterance.lang);
    if (voice) utterance.voice = voice;
    utterance.onend = () => speakFrom(index + 1);
    utterance.onerror = (event) => {
      if (mine !== generation) return;
      // A cancel of ours ends in 'interrupted' or 'canceled'; anything else ends the reading
      // rather than skipping ahead with half a page said.
      console.warn('[read-aloud] speech error', event.error);
      current = null;
      useReadAloudStore.setState({ status: 'idle' });
    };
    current = utterance;
    synth.speak(utterance);
  };
  speakFrom(0);
}

export function pauseReading(synth: SpeechSynthesis | null = speechSynthesisOf()): void {
  if (!synth || useReadAloudStore.getState().status !== 'reading') return;
  synth.pause();
  useReadAloudStore.setState({ status: 'paused' });
}

export function resumeReading(synth: SpeechSynthesis | null = speechSynthesisOf()): void {
  if (!synth || useReadAloudStore.getState().status !== 'paused') return;
  synth.resume();
  useReadAloudStore.setState({ status: 'reading' });
}

/**
 * Stops any reading (and forgets the « no voice » message). Safe to call at any time: the
 * inactivity return, a navigation, an alert and the page's unload all call it.
 */
export function stopReading(synth: SpeechSynthesis | null = speechSynthesisOf()): void {
  generation += 1;
  current = null;
  if (synth) {
    const paused = synth.paused;
    synth.cancel();
    if (paused) synth.resume();
  }
  if (useReadAloudStore.getState().status !== 'idle') {
    useReadAloudStore.setState({ status: 'idle' });
  }
}

/** For tests: the utterance being spoken. */
export function currentUtterance(): SpeechSynthesisUtterance | null {
  return current;
}
