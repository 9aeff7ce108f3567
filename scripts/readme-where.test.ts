/**
 * The README's "Where things are" table (behaviour → file) stays true: every path it names between
 * its markers exists in the repository, so a move that forgets the table fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

function tablePaths(): string[] {
  const start = readme.indexOf('<!-- where-things-are:start -->');
  const end = readme.indexOf('<!-- where-things-are:end -->');
  if (start < 0 || end < start) return [];
  const table = readme.slice(start, end);
  return [...table.matchAll(/`([^`\s]+\/[^`\s]*)`/g)].flatMap(([, path]) => (path ? [path] : []));
}

describe("the README's table of where things are", () => {
  it('is there, and names paths', () => {
    expect(tablePaths().length).toBeGreaterThan(20);
  });

  it('names only paths that exist', () => {
    const missing = tablePaths().filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });
});
