import type { BrowserContext, Locator, Page } from 'playwright-core';
import enIdentity from '../../apps/web/src/locales/en/identity.json' with { type: 'json' };
import deIdentity from '../../apps/web/src/locales/de/identity.json' with { type: 'json' };
import enTranslation from '../../apps/web/src/locales/en/translation.json' with { type: 'json' };
import deTranslation from '../../apps/web/src/locales/de/translation.json' with { type: 'json' };
import { mailbox } from '../support/session.ts';

/**
 * Shared bits of the identity journeys: the UI texts come from the app's own locale files (so a
 * journey fails when a screen stops showing them), plus small page actions.
 */
export type Lang = 'en' | 'de';
export const LOCALE: Record<Lang, 'en-US' | 'de-DE'> = { en: 'en-US', de: 'de-DE' };

type Tree = { [key: string]: string | Tree };
const TEXTS: Record<Lang, Tree> = {
  en: { ...(enTranslation as Tree), ...(enIdentity as Tree) },
  de: { ...(deTranslation as Tree), ...(deIdentity as Tree) },
};

/** The text of a translation key (dotted path), with {{values}} filled in. */
export function tr(lang: Lang, key: string, values: Record<string, string> = {}): string {
  let node: string | Tree | undefined = TEXTS[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text for ${key} (${lang})`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.org`;
}

/** A form field by its label (MUI appends " *" to the label of a required field). */
export function field(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

export async function fillSignIn(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  await field(page, tr(lang, 'identity.fields.email')).fill(email);
  await field(page, tr(lang, 'identity.fields.password')).fill(password);
}

export async function submitSignIn(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: tr(lang, 'identity.signIn.submit'), exact: true }).click();
}

/** Signs in through the form on /signin (the page must show it). */
export async function signInThroughForm(page: Page, lang: Lang, email: string, password: string) {
  await fillSignIn(page, lang, email, password);
  await submitSignIn(page, lang);
}

/** The profile menu's Logout: ends on /signin. */
export async function signOutThroughMenu(page: Page, lang: Lang, name: string): Promise<void> {
  await page.getByRole('button', { name: tr(lang, 'topBar.profileMenu', { name }) }).click();
  await page.getByRole('menuitem', { name: tr(lang, 'topBar.logout') }).click();
  await page.waitForURL((url) => url.pathname === '/signin');
  await page.getByRole('heading', { level: 1, name: tr(lang, 'route.signin') }).waitFor();
}

/** The newest mail to `email` with a link containing `pathPart` (waits up to 10 s). */
export async function mailLink(origin: string, email: string, pathPart: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = (await mailbox(origin)).find(
      (m) => m.to.includes(email) && m.links.some((link) => link.includes(pathPart)),
    );
    if (mail) return mail.links.find((link) => link.includes(pathPart))!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} with a ${pathPart} link`);
}

/** GET /v1/auth/myinfo with the browser's own cookie session. */
export async function myInfoInBrowser<T>(page: Page): Promise<{ status: number; body: T }> {
  return page.evaluate(async () => {
    const res = await fetch('/v1/auth/myinfo', { credentials: 'include' });
    return { status: res.status, body: (await res.json()) as T };
  });
}

/** The signed-in shell's top bar with the user's name. */
export async function expectSignedInAs(page: Page, lang: Lang, name: string): Promise<void> {
  await page.getByRole('button', { name: tr(lang, 'topBar.profileMenu', { name }) }).waitFor();
}

/** The sidebar's pets menu (on phones behind the menu button; the drawer is closed again). */
export async function expectPetsMenu(page: Page, lang: Lang): Promise<void> {
  const navigation = page.getByRole('navigation', { name: tr(lang, 'nav.mainNavigation') });
  const drawer = !(await navigation.isVisible());
  if (drawer) await page.getByRole('button', { name: tr(lang, 'nav.openMenu') }).click();
  await page.getByRole('list', { name: tr(lang, 'nav.pets') }).waitFor();
  if (drawer) {
    await page.getByRole('button', { name: tr(lang, 'nav.closeMenu') }).click();
    await navigation.waitFor({ state: 'hidden' });
  }
}

/** The signed-in shell: the user's name in the top bar and the pets menu. */
export async function expectShell(page: Page, lang: Lang, name: string): Promise<void> {
  await expectSignedInAs(page, lang, name);
  await expectPetsMenu(page, lang);
}

export async function closeQuietly(context: BrowserContext): Promise<void> {
  await context.close().catch(() => undefined);
}
