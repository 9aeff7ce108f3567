import { describe, expect, it } from 'vitest';
import { xmlProblems } from './xml-well-formed.js';

describe('xmlProblems', () => {
  it('accepts well-formed markup', () => {
    expect(
      xmlProblems('<svg a="1"><title>A &amp; B</title><g><rect x="1"/></g><!-- c --></svg>'),
    ).toEqual([]);
  });

  it('reports duplicate attributes, stray ampersands, bad nesting and extra roots', () => {
    expect(xmlProblems('<svg a="1" a="2"/>')).toEqual([
      expect.stringContaining('duplicate attribute a'),
    ]);
    expect(xmlProblems('<svg><text>A & B</text></svg>')).toEqual([
      expect.stringContaining('unescaped &'),
    ]);
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<a/><b/>')).toEqual(['2 root elements']);
    expect(xmlProblems('<svg><text>1 < 2</text></svg>')).toEqual([
      expect.stringContaining('unparsed markup'),
    ]);
  });
});
