/** Test support: an EventSource that tests open, fail and feed by hand. */
import type { EventSourceLike } from '../stream-client';

export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  send(data: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
  static get last(): FakeEventSource {
    return FakeEventSource.instances.at(-1)!;
  }
  static get open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((source) => !source.closed);
  }
}
