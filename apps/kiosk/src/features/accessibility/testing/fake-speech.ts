/**
 * A speech synthesis that records instead of speaking (jsdom has none, and neither has headless
 * Chromium a voice): utterances are kept in order, and a test ends the current one with
 * `finishCurrent()` as the engine would when it has said it.
 */
export class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(public text: string) {}
}

export function fakeVoice(lang: string, name = `voice ${lang}`): SpeechSynthesisVoice {
  return { lang, name, voiceURI: name, localService: true, default: false };
}

export class FakeSpeechSynthesis extends EventTarget {
  voices: SpeechSynthesisVoice[];
  spoken: FakeUtterance[] = [];
  cancels = 0;
  speaking = false;
  paused = false;
  pending = false;
  private current: FakeUtterance | null = null;

  constructor(voices: SpeechSynthesisVoice[] = [fakeVoice('fr-FR'), fakeVoice('en-GB')]) {
    super();
    this.voices = voices;
  }
  getVoices() {
    return this.voices;
  }
  speak(utterance: FakeUtterance) {
    this.spoken.push(utterance);
    this.current = utterance;
    this.speaking = true;
  }
  cancel() {
    this.cancels += 1;
    const current = this.current;
    this.current = null;
    this.speaking = false;
    current?.onerror?.({ error: 'interrupted' });
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  /** The engine finished saying the current utterance. */
  finishCurrent() {
    const current = this.current;
    this.current = null;
    this.speaking = false;
    current?.onend?.();
  }
  /** Voices arrive later (Chromium with speech-dispatcher). */
  deliverVoices(voices: SpeechSynthesisVoice[]) {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
}

/** Installs `synth` as window.speechSynthesis (null: a browser without speech). Returns an undo. */
export function installSpeech(synth: FakeSpeechSynthesis | null): () => void {
  const scope = window as unknown as Record<string, unknown>;
  const before = {
    speechSynthesis: Object.getOwnPropertyDescriptor(window, 'speechSynthesis'),
    SpeechSynthesisUtterance: Object.getOwnPropertyDescriptor(window, 'SpeechSynthesisUtterance'),
  };
  Object.defineProperty(window, 'speechSynthesis', {
    value: synth ?? undefined,
    configurable: true,
  });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', {
    value: synth ? FakeUtterance : undefined,
    configurable: true,
    writable: true,
  });
  return () => {
    for (const [key, descriptor] of Object.entries(before)) {
      if (descriptor) Object.defineProperty(window, key, descriptor);
      else delete scope[key];
    }
  };
}
