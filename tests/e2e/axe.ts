// axe at several widths: the WCAG 2.2 AA rules, each violation named with its width and nodes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe at each width (740 px high), then leaves the page at 360 × 740. */
export async function violationsAt(page: Page, widths: readonly number[]) {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    found.push(...result.violations.map((v) => `${width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`));
  }
  await page.setViewportSize({ width: 360, height: 740 });
  return found;
}
