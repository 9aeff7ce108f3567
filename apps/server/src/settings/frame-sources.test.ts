import { describe, expect, it } from 'vitest';
import { PublishedFrameSources } from './frame-sources.js';

/** A load whose answers the test releases one by one, in any order. */
function controlledLoad() {
  const pending: Array<(addresses: string[]) => void> = [];
  const load = () => new Promise<string[]>((resolve) => pending.push(resolve));
  return { load, pending };
}

describe('the origins the kiosk page may frame', () => {
  it('are the published addresses’ origins, then the operator’s, each once', async () => {
    const sources = new PublishedFrameSources(
      async () => [
        'https://forms.plant.test/idees?site=1',
        'https://forms.plant.test/autre',
        'http://intranet.test:8080/',
        'not an address',
      ],
      ['https://operator.test'],
    );
    expect(sources.current()).toEqual(['https://operator.test']);
    await sources.refresh();
    // In priority order: the security plugin drops from the end past its budget (issue 40).
    expect(sources.current()).toEqual([
      'https://forms.plant.test',
      'http://intranet.test:8080',
      'https://operator.test',
    ]);
  });

  it('answer the same array while nothing changed, so the policy is not rebuilt', async () => {
    const sources = new PublishedFrameSources(async () => ['https://a.test/x']);
    await sources.refresh();
    const first = sources.current();
    await sources.refresh();
    expect(sources.current()).toBe(first);
  });

  it('keep the latest refresh’s answer when an older one finishes after it', async () => {
    const { load, pending } = controlledLoad();
    const sources = new PublishedFrameSources(load);
    const older = sources.refresh();
    const newer = sources.refresh();
    pending[1]!(['https://new.test/form']);
    await newer;
    pending[0]!(['https://old.test/form']);
    await older;
    expect(sources.current()).toEqual(['https://new.test']);
  });

  it('keep the union in force when the database cannot be read', async () => {
    let fail = false;
    const errors: unknown[] = [];
    const sources = new PublishedFrameSources(
      async () => {
        if (fail) throw new Error('database gone');
        return ['https://forms.test/'];
      },
      [],
      (error) => errors.push(error),
    );
    await sources.refresh();
    fail = true;
    await expect(sources.refresh()).resolves.toBeUndefined();
    expect(sources.current()).toEqual(['https://forms.test']);
    expect(errors).toHaveLength(1);
  });
});
