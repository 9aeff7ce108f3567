import type { UsageEventKind } from '@plant-kiosk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UsageFields } from './usage-recorder';
import { createUsageSessions, ENGAGED_TARGET } from './usage-session';

interface Recorded {
  kind: UsageEventKind;
  fields: UsageFields;
  durable: boolean;
  at: number;
}

let clock: number;
let recorded: Recorded[];
let counter: number;

function sessions(idleMs = 60_000) {
  return createUsageSessions({
    recorder: {
      record: (kind, fields = {}, options = {}) => {
        recorded.push({ kind, fields, durable: options.durable ?? false, at: clock });
        return { id: 'unused-id', kind, at: '', route: '/' };
      },
    },
    now: () => clock,
    idleMs: () => idleMs,
    newId: () => `session-${++counter}`,
  });
}

beforeEach(() => {
  clock = 0;
  recorded = [];
  counter = 0;
});

describe('visits', () => {
  it('start at the first touch, carry their id, and end at the return to rest', () => {
    const visits = sessions();
    expect(visits.current()).toBeNull();
    visits.interaction();
    expect(visits.current()).toBe('session-1');
    clock += 5000;
    visits.interaction();
    visits.rest();
    expect(visits.current()).toBeNull();
    expect(recorded).toEqual([
      { kind: 'session_start', fields: { session: 'session-1' }, durable: false, at: 0 },
      {
        kind: 'session_end',
        fields: { session: 'session-1', target: ENGAGED_TARGET },
        durable: true,
        at: 5000,
      },
    ]);
  });

  it('counts a visit of one touch as not engaged', () => {
    const visits = sessions();
    visits.interaction();
    visits.rest();
    expect(recorded[1]).toMatchObject({
      kind: 'session_end',
      fields: { session: 'session-1', target: null },
    });
  });

  it('ends after the quiet spell without a touch, and the next touch starts another', () => {
    const visits = sessions(60_000);
    visits.interaction();
    clock += 59_999;
    visits.check();
    expect(visits.current()).toBe('session-1');
    clock += 1;
    visits.check();
    expect(visits.current()).toBeNull();
    clock += 10_000;
    visits.interaction();
    expect(visits.current()).toBe('session-2');
    expect(recorded.map((event) => [event.kind, event.fields.session])).toEqual([
      ['session_start', 'session-1'],
      ['session_end', 'session-1'],
      ['session_start', 'session-2'],
    ]);
  });

  it('a touch after a quiet spell the check did not see yet ends the old visit first', () => {
    const visits = sessions(60_000);
    visits.interaction();
    clock += 120_000;
    visits.interaction();
    expect(recorded.map((event) => event.kind)).toEqual([
      'session_start',
      'session_end',
      'session_start',
    ]);
    expect(visits.current()).toBe('session-2');
  });

  it('a return to rest without a visit records nothing', () => {
    sessions().rest();
    expect(recorded).toEqual([]);
  });
});
