import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { recordJournal } from './journal.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');

/** Debian's Chromium, never a downloaded browser; flags for a closed network. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type Viewport = 'desktop' | 'phone';
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;

export interface ContextOptions {
  locale?: 'de-DE' | 'en-US';
  viewport?: Viewport;
  colorScheme?: 'light' | 'dark';
  /**
   * The portal's service worker (issue 36) is blocked unless a journey is about it (push.e2e.ts):
   * it would download the whole app shell in the background of every context and answer the
   * journeys' API reads from its own network-first handler.
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  await context.addInitScript(withoutTransitions);
  await recordJournal(context);
  return context;
}

/**
 * CSS transitions end at once in the journeys (as Playwright's `animations: 'disabled'` does for
 * screenshots). A click is a pointer-down and a pointer-up; on a busy machine a panel that is
 * still unfolding (the register screen's code field, an accordion) moved the button between the
 * two, so the click landed beside it. Their durations are the spec's and checked in the web tests;
 * here only the end state matters. Keyframe animations (spinners) keep running.
 */
function withoutTransitions(): void {
  const style = document.createElement('style');
  style.textContent =
    '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; ' +
    'scroll-behavior: auto !important; }';
  const install = () => document.head.append(style);
  if (document.head) install();
  else document.addEventListener('DOMContentLoaded', install, { once: true });
}

/** Saves a screenshot under e2e/artifacts (kept out of git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  // Playwright's fullPage capture keeps fixed parts (top bar, sidebar, dialogs) at the viewport's
  // size and scroll offset. Growing the viewport to the page's height instead lays the page out as
  // a tall screen would show it: the sidebar reaches the bottom and nothing floats mid-page.
  const viewport = page.viewportSize();
  const height = await page
    .evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight))
    .catch(() => viewport?.height ?? 0);
  if (viewport && height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 8000) });
    await page.screenshot({ path: file });
    await page.setViewportSize(viewport);
  } else {
    await page.screenshot({ path: file });
  }
  return file;
}
