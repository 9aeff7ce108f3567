import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { demoPlant } from '../../lib/api/testing/fake-content-server';
import { MAX_LOGGED_PROBLEMS, validateRecords } from './records-validate';
import { SyncError } from './sync-errors';

let errorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function records() {
  const { zones, elements, subelements, subgroups } = demoPlant();
  return { zones, elements, subelements, subgroups };
}

/** The banner's text of what `validateRecords` throws. */
function failure(input: unknown): string {
  try {
    validateRecords(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SyncError);
    return (error as SyncError).message;
  }
  throw new Error('validateRecords accepted the records');
}

const logged = () => errorSpy.mock.calls.map((call) => String(call[0]));

describe('validateRecords', () => {
  it('accepts a valid development and returns the same records', () => {
    const input = { ...records(), alertTemplates: [] };
    expect(validateRecords(input)).toBe(input);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('accepts plain sub-elements (no sub-group) and empty lists', () => {
    const input = records();
    input.subelements = input.subelements.filter((s) => s.subgroupinfo === null);
    expect(validateRecords(input).subelements).toHaveLength(1);
    expect(() =>
      validateRecords({ zones: [], elements: [], subelements: [], subgroups: [] }),
    ).not.toThrow();
  });

  it.each([null, 'text', 42])('refuses %j as a whole', (input) => {
    expect(failure(input)).toBe('Données invalides : réponse mal formée');
  });

  it('refuses a missing list', () => {
    const { subgroups: _subgroups, ...rest } = records();
    expect(failure(rest)).toBe('Données invalides (1 enregistrement(s))');
  });

  const cases: [string, (r: ReturnType<typeof records>) => void, string][] = [
    ['zone without id', (r) => Object.assign(r.zones[0]!, { zoneid: 0 }), 'zones[0] (zoneid)'],
    [
      'zone without name',
      (r) => Object.assign(r.zones[1]!, { zonename: '' }),
      'zones[1] (zonename)',
    ],
    ['zone not an object', (r) => r.zones.push(null as never), 'zones[3] (not an object)'],
    [
      'element with a fractional id',
      (r) => Object.assign(r.elements[0]!, { elementid: 1.5 }),
      'elements[0] (elementid)',
    ],
    [
      'element without zone',
      (r) => Object.assign(r.elements[1]!, { zoneid: null }),
      'elements[1] (zoneid)',
    ],
    [
      'element with an infinite order',
      (r) => Object.assign(r.elements[2]!, { order: Infinity }),
      'elements[2] (order)',
    ],
    [
      'element without value',
      (r) => Object.assign(r.elements[3]!, { value: undefined }),
      'elements[3] (value)',
    ],
    [
      'sub-element with a bad sub-group info',
      (r) => Object.assign(r.subelements[0]!, { subgroupinfo: { subgroupid: 100 } }),
      'subelements[0] (subgroupinfo)',
    ],
    [
      'sub-element without type',
      (r) => Object.assign(r.subelements[4]!, { type: 3 }),
      'subelements[4] (type)',
    ],
    [
      'sub-group without label',
      (r) => Object.assign(r.subgroups[1]!, { label: null }),
      'subgroups[1] (label)',
    ],
  ];

  it.each(cases)('refuses a %s and logs it', (_name, breakIt, where) => {
    const input = records();
    breakIt(input);
    expect(failure(input)).toBe('Données invalides (1 enregistrement(s))');
    expect(logged()).toContain(`[sync] invalid record ${where}`);
    expect(logged()).toContain('[sync] 1 invalid record(s); nothing was written');
  });

  it(`logs the first ${MAX_LOGGED_PROBLEMS} bad records one by one and counts them all`, () => {
    const input = records();
    const extra = MAX_LOGGED_PROBLEMS + 10;
    for (let i = 0; i < extra; i++) input.zones.push({ zoneid: -i } as never);

    expect(failure(input)).toBe(`Données invalides (${extra} enregistrement(s))`);
    const perRecord = logged().filter((line) => line.startsWith('[sync] invalid record '));
    expect(perRecord).toHaveLength(MAX_LOGGED_PROBLEMS);
    expect(logged()).toContain(`[sync] ${extra} invalid record(s); nothing was written`);
  });
});
