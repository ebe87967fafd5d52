import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { layoutFindings } from './layout-probes';

interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * axe-core on the page as it stands, serious and critical findings only (the bar of accessibility.e2e.test.ts),
 * plus sideways scrolling outside a scroll box (WCAG 1.4.10 at 390 px). Answers a readable report, '' when clean.
 * `skipRules`: axe rules not run, for a page drawn by a third-party renderer whose markup we cannot change.
 */
export async function accessibilityFindings(page: Page, skipRules: readonly string[] = []): Promise<string> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  const findings: Finding[] = await page.evaluate(async (skipped) => {
    const rules = Object.fromEntries([
      ['target-size', { enabled: true }],
      ...skipped.map((rule) => [rule, { enabled: false }]),
    ]);
    const results = await (globalThis as unknown as { axe: typeof axe }).axe.run({
      resultTypes: ['violations'],
      rules,
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, skipRules);
  const overflow = (await layoutFindings(page))
    .filter((finding) => finding.id === 'horizontal-scroll')
    .flatMap((finding) => finding.targets);
  const serious = findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
  return [
    ...serious.map(
      (finding) => `${finding.id} (${finding.impact}) ${finding.help}: ${finding.targets.slice(0, 5).join(', ')}`,
    ),
    ...(overflow.length > 0 ? [`horizontal scroll: ${overflow.join(', ')}`] : []),
  ].join('\n');
}
