import type { BrowserContext, Page } from 'playwright-core';

/**
 * The failure journal: a failed journey on a CI machine leaves no browser to look at, so every
 * context (see newContext in browser.ts) records what its pages did (navigations, API answers,
 * failed calls, console errors, clicks) and what they showed when closed or when the test failed.
 * failure-report.ts prints it for a failed test.
 */

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

export async function recordJournal(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordInteractions);
  openContexts.add(context);
  let pages = 0;
  context.on('page', (page) => watchPage(page, `page${++pages}`));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    if (openContexts.delete(context)) await notePages(context, 'closed');
    return close(...args);
  };
}
