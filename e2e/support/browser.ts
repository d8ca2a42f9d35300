import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
  });
  await context.addInitScript(withoutTransitions);
  recordJournal(context);
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

// ---------------------------------------------------------------------------------------------
// Failure journal: a failed journey on a CI machine leaves no browser to look at, so every context
// records what its pages did (navigations, failed calls, console errors) and, when it is closed,
// where it ended and what it showed. failure-report.ts prints this for a failed test only.

const JOURNAL_LIMIT = 300;
let journal: string[] = [];
let journalStart = Date.now();

function note(line: string): void {
  journal.push(`${((Date.now() - journalStart) / 1000).toFixed(2).padStart(7)}s ${line}`);
  if (journal.length > JOURNAL_LIMIT) journal = journal.slice(-JOURNAL_LIMIT);
}

/** Starts a new journal (before each test) and returns the previous one. */
export function takeJournal(): string[] {
  const taken = journal;
  journal = [];
  journalStart = Date.now();
  return taken;
}

function watchPage(page: Page, name: string): void {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`${name} at ${frame.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      note(`${name} console.${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (error) => note(`${name} page error: ${error.message.slice(0, 300)}`));
  page.on('requestfailed', (request) =>
    note(`${name} request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/v1/') || url.includes('/identity/') || response.status() >= 400) {
      note(`${name} ${response.status()} ${response.request().method()} ${url}`);
    }
  });
}

/** In every page: the last clicks and form submits, with what they hit (read when closing). */
function recordInteractions(): void {
  const events: string[] = [];
  (window as unknown as { journalEvents: string[] }).journalEvents = events;
  const describe = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const label = target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 30) ?? '';
    return `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''} "${label}"`;
  };
  for (const type of ['pointerdown', 'click', 'submit']) {
    document.addEventListener(
      type,
      (event) => {
        events.push(`${(performance.now() / 1000).toFixed(2)}s ${type} on ${describe(event.target)}`);
        if (events.length > 30) events.shift();
      },
      true,
    );
  }
}

/** What a page shows: its text, its form values and its last clicks. */
async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const fields = [...document.querySelectorAll('input, textarea')].map((element) => {
        const input = element as HTMLInputElement;
        const value =
          input.type === 'radio' || input.type === 'checkbox' ? String(input.checked) : input.value;
        return `${input.name || input.id || input.type}=${JSON.stringify(value.slice(0, 80))}`;
      });
      const events = (window as unknown as { journalEvents?: string[] }).journalEvents ?? [];
      return `${document.body.innerText.slice(0, 1500)}\nfields: ${fields.join(' ')}\nevents (page clock):\n${events.join('\n')}`;
    })
    .catch((error: unknown) => `(no text: ${String(error)})`);
}

const openContexts = new Set<BrowserContext>();

async function notePages(context: BrowserContext, how: string): Promise<void> {
  for (const [index, page] of context.pages().entries()) {
    if (page.isClosed()) continue;
    note(`page${index + 1} ${how} at ${page.url()} showing:\n${await pageState(page)}`);
  }
}

/** Notes what every still open page shows (a failed test's hook calls this before anything closes). */
export async function noteOpenPages(): Promise<void> {
  for (const context of openContexts) await notePages(context, 'open');
}

function recordJournal(context: BrowserContext): void {
  void context.addInitScript(recordInteractions);
  openContexts.add(context);
  let pages = 0;
  context.on('page', (page) => watchPage(page, `page${++pages}`));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    if (openContexts.delete(context)) await notePages(context, 'closed');
    return close(...args);
  };
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
