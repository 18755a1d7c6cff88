// Choosing a ticker page's tab, or a view of its Curves tab (strike curves, option volume, term
// structure, series), as a user does, who clicks again when a click did not take.
//
// Why a click can miss: when the page re-lays out between Playwright's stability check and its
// click, the click lands beside its target. Seen once in CI, when the stale-data notice was a
// banner above the tabs (on the 60× clock the data turns stale within seconds once a spec pauses
// the polls) and moved the page 47 px down under the pointer. That notice now sits in the header
// line and moves nothing; the ticker page's header still changes with what is in, so a click
// that did not take is made again, as a user would.
import { expect, type Locator, type Page } from '@playwright/test';

export type ChartView = 'curves' | 'volume' | 'term' | 'series';

/** Clicks `target` until `attribute` reads "true". */
async function clickUntilTrue(target: Locator, attribute: string): Promise<void> {
  await expect(async () => {
    await target.click({ timeout: 10_000 });
    await expect(target).toHaveAttribute(attribute, 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The Curves tab's view, pressed. */
export function chooseChartView(page: Page, view: ChartView): Promise<void> {
  return clickUntilTrue(page.getByTestId(`charts-view-${view}`), 'aria-pressed');
}

/** A ticker page's tab by its name, selected. */
export function chooseTab(page: Page, name: string): Promise<void> {
  return clickUntilTrue(page.getByRole('tab', { name }), 'aria-selected');
}
