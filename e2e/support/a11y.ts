import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

export interface AccessibleOptions {
  /**
   * Also run axe's `color-contrast-enhanced` (WCAG AAA 1.4.6: 7:1, 4.5:1 for large text), off by
   * default in axe: the kiosk's higher-contrast mode must pass it (decision 049).
   */
  enhancedContrast?: boolean;
}

/**
 * Injects axe-core into the page and fails on any serious or critical violation. The script is
 * evaluated (not added as an inline <script>, which the server's CSP `script-src 'self'` blocks),
 * and only once per document.
 */
export async function expectAccessible(
  page: Page,
  context?: string,
  { enhancedContrast = false }: AccessibleOptions = {},
) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (enhanced) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(enhanced ? { rules: { 'color-contrast-enhanced': { enabled: true } } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target),
    }));
  }, enhancedContrast);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${context ?? page.url()}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
