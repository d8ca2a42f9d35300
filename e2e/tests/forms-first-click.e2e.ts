import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, newContext, screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';
import { LOCALE, tr, type Lang } from './identity-helpers.ts';
import enContacts from '../../apps/web/src/locales/en/contacts.json' with { type: 'json' };
import deContacts from '../../apps/web/src/locales/de/contacts.json' with { type: 'json' };
import enAppointments from '../../apps/web/src/locales/en/appointments.json' with { type: 'json' };
import deAppointments from '../../apps/web/src/locales/de/appointments.json' with { type: 'json' };

/**
 * Issue 14.6: typing an invalid value and clicking straight from the field onto the form's button.
 * The field's blur used to show its message above the button and move it between the pointer-down
 * and the pointer-up, so the click landed beside the button and did nothing. One click must now
 * validate the whole form: every error shows at once (here nothing is valid, so nothing is sent).
 * Playwright's click is exactly that: pointer-down and pointer-up at the spot measured before.
 */
let server: RunningServer;
let browser: Browser;
/** One premium user with a pet per language (the signed-in UI speaks the account's language). */
const premium = {} as Record<Lang, { user: TestUser; petId: string }>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  for (const language of ['en', 'de'] as const) {
    const user = await createUser(server, { name: 'Klara Klick', language });
    const pet = await api<{ id: string }>(user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
    await setPlanByAdmin(server, user, 'premium');
    premium[language] = { user, petId: pet.body.id };
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CONTACTS = { en: enContacts.contacts, de: deContacts.contacts };
const APPOINTMENTS = { en: enAppointments.appointments, de: deAppointments.appointments };
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** MUI appends " *" to the label of a required field. */
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`);

/** Every text is shown (waits for each: the click's validation is asynchronous). */
async function expectTexts(scope: Locator | Page, texts: string[]) {
  for (const text of texts) await scope.getByText(text, { exact: true }).first().waitFor({ timeout: 5_000 });
}

describe.each([
  { lang: 'en' as const, options: { viewport: 'desktop', colorScheme: 'light' } },
  { lang: 'de' as const, options: { viewport: 'phone', colorScheme: 'dark' } },
] satisfies Array<{ lang: Lang; options: ContextOptions }>)(
  'one click from a field with an error ($lang, $options.viewport)',
  ({ lang, options }) => {
    const contextOptions = { ...options, locale: LOCALE[lang] };
    const name = `forms-first-click-${lang}-${options.viewport}-${options.colorScheme}`;

    it('sign-in: shows every error at once', async () => {
      const context = await newContext(browser, contextOptions);
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/signin`);
        await page.getByLabel(labelled(tr(lang, 'identity.fields.email'))).fill('anna@');
        await page.getByRole('button', { name: tr(lang, 'identity.signIn.submit'), exact: true }).click();
        await expectTexts(page, [tr(lang, 'Email_Format_Error'), tr(lang, 'Password_Error')]);
        await screenshot(page, `${name}-signin`);
      } finally {
        await context.close();
      }
    });

    it('register: shows every error at once', async () => {
      const context = await newContext(browser, contextOptions);
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/register`);
        await page.getByRole('radio', { name: tr(lang, 'identity.register.choiceNo') }).click();
        await page.getByLabel(labelled(tr(lang, 'identity.fields.name'))).fill('Al');
        await page.getByRole('button', { name: tr(lang, 'identity.register.submit'), exact: true }).click();
        await expectTexts(page, [
          tr(lang, 'Name_Length_Error'),
          tr(lang, 'Email_Error'),
          tr(lang, 'Password_Error'),
        ]);
        await screenshot(page, `${name}-register`);
      } finally {
        await context.close();
      }
    });

    it('contacts: shows every error at once', async () => {
      const context = await signedInContext(browser, premium[lang].user, contextOptions);
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/pet-details/Bello/${premium[lang].petId}/contacts`);
        const form = page.getByRole('form');
        await form.waitFor();
        await form.getByRole('textbox', { name: labelled(CONTACTS[lang].field.email) }).fill('anna@');
        await form.getByRole('button', { name: CONTACTS[lang].save }).click();
        await expectTexts(form, [
          tr(lang, 'Email_Format_Error'),
          tr(lang, 'Name_Error'),
          tr(lang, 'Phone_Error'),
          tr(lang, 'Contact_type_Error'),
        ]);
        await screenshot(page, `${name}-contacts`);
      } finally {
        await context.close();
      }
    });

    it('appointments: shows every error at once', async () => {
      const context = await signedInContext(browser, premium[lang].user, contextOptions);
      const page = await context.newPage();
      try {
        await page.goto(
          `${server.url}/pet-details/Bello/${premium[lang].petId}/appointments/add-appointment`,
        );
        const form = page.getByRole('form');
        await form.waitFor();
        await form.getByRole('textbox', { name: labelled(APPOINTMENTS[lang].field.email) }).fill('anna@');
        await form.getByRole('button', { name: APPOINTMENTS[lang].save }).click();
        await expectTexts(form, [
          tr(lang, 'Email_Format_Error'),
          tr(lang, 'Appointment_Type_Error'),
          tr(lang, 'Reason_is_Required'),
          tr(lang, 'Date_is_Required'),
        ]);
        await screenshot(page, `${name}-appointments`);
      } finally {
        await context.close();
      }
    });
  },
);
