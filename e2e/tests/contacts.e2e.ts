import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Contact } from '@pet/contract';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The visible texts of the contacts page per language (the spec's keys and our labels). */
const TEXTS = {
  en: {
    heading: 'Contacts',
    addNew: 'Add a new contact',
    contactType: 'Contact type',
    vet: 'Vet',
    vets: 'Vets',
    otherType: 'Other type …',
    customType: 'Name of the contact type',
    title: 'Title',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Street and house number',
    zip: 'Postcode',
    city: 'City',
    country: 'Country',
    countryQuery: 'Germ',
    germany: 'Germany',
    vetSince: 'Doctor since',
    save: 'Save',
    deleteConfirm: 'Delete',
    nameError: 'Please enter a name.',
    phoneError: 'Please enter a phone number.',
    typeError: 'Please choose a contact type.',
    emailError: 'Please enter a valid e-mail address.',
    edit: (name: string) => `Edit ${name}`,
    remove: (name: string) => `Delete ${name}`,
    doctorSince: (date: string) => `Doctor since ${date}`,
    customTypeName: 'Physiotherapist',
  },
  de: {
    heading: 'Kontakte',
    addNew: 'Neuen Kontakt hinzufügen',
    contactType: 'Kontaktart',
    vet: 'Tierarzt',
    vets: 'Tierärzte',
    otherType: 'Andere Kontaktart …',
    customType: 'Bezeichnung der Kontaktart',
    title: 'Titel',
    name: 'Name',
    phone: 'Telefon',
    email: 'E-Mail',
    address: 'Straße und Hausnummer',
    zip: 'PLZ',
    city: 'Ort',
    country: 'Land',
    countryQuery: 'Deutschl',
    germany: 'Deutschland',
    vetSince: 'Tierarzt seit',
    save: 'Speichern',
    deleteConfirm: 'Löschen',
    nameError: 'Bitte geben Sie einen Namen ein.',
    phoneError: 'Bitte geben Sie eine Telefonnummer ein.',
    typeError: 'Bitte wählen Sie eine Kontaktart aus.',
    emailError: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    edit: (name: string) => `${name} bearbeiten`,
    remove: (name: string) => `${name} löschen`,
    doctorSince: (date: string) => `Tierarzt seit ${date}`,
    customTypeName: 'Physiotherapeutin',
  },
} as const;

async function createPet(user: TestUser, name: string): Promise<string> {
  const res = await api<{ id: string }>(user, 'POST', '/v1/pet', { name, pet_type: 'Dog', race: 'Labrador' });
  if (res.status !== 201) throw new Error(`pet not created: ${res.status}`);
  return res.body.id;
}

/** Types a dd.MM.yyyy date into the MUI date field labelled `label` (day, month and year sections). */
async function typeDate(page: Page, scope: ReturnType<Page['locator']>, label: string, date: string) {
  const field = scope.getByRole('group', { name: label, exact: true });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(date.replace(/\./g, ''));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text field by its label; required fields carry MUI's asterisk after the label. */
const textField = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`) });

/** The accordion header of a contact type: its name, then the number of its contacts. */
const accordion = (page: Page, type: string) =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(type)}\\s+\\d`) });

const contactsOf = async (user: TestUser, petId: string) =>
  (await api<Contact[]>(user, 'GET', `/v1/contact/mycontacts?pet_id=${petId}`)).body;

describe.concurrent.each([
  { language: 'en' as const, options: { locale: 'en-US', viewport: 'desktop', colorScheme: 'light' } },
  { language: 'de' as const, options: { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' } },
] satisfies Array<{ language: 'en' | 'de'; options: ContextOptions }>)(
  'contacts ($language, $options.viewport, $options.colorScheme)',
  ({ language, options }) => {
    it('adds a vet and a contact of an own type, edits one and deletes one', async ({
      expect,
      onTestFailed,
    }) => {
      const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
      const text = TEXTS[language];
      const shot = async (name: string) => {
        // From the top, so the fixed top bar sits where it belongs in the full-page picture.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `contacts-${name}-${language}-${options.viewport}-${options.colorScheme}`);
      };
      const user = await createUser(server, { language });
      const petId = await createPet(user, 'Bello');
      const context = await signedInContext(browser, user, options);
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `contacts-failure-${language}-${options.viewport}-${options.colorScheme}`);
        await context.close();
      });
      await page.goto(`${server.url}/pet-details/Bello/${petId}/contacts`);

      await page.getByRole('heading', { level: 1, name: text.heading }).waitFor();
      await page.getByRole('region', { name: 'Bello' }).waitFor();
      // No contacts yet: the add accordion is open.
      const addForm = page.getByRole('form');
      await addForm.waitFor();
      await shot('empty');

      // Section 5: name, phone and contact type are required; a given e-mail must be valid.
      await addForm.getByRole('button', { name: text.save }).click();
      await addForm.getByText(text.nameError).waitFor();
      await addForm.getByText(text.phoneError).waitFor();
      await addForm.getByText(text.typeError).waitFor();
      await textField(addForm, text.email).fill('anna@');
      await textField(addForm, text.phone).focus();
      await addForm.getByText(text.emailError).waitFor();

      // A vet: the Doctor Since date appears with the type.
      expect(await addForm.getByRole('group', { name: text.vetSince }).count()).toBe(0);
      await addForm.getByRole('combobox', { name: text.contactType }).click();
      await page.getByRole('option', { name: text.vet, exact: true }).click();
      await typeDate(page, addForm, text.vetSince, '01.03.2020');
      await textField(addForm, text.title).fill('Dr.');
      await textField(addForm, text.name).fill('Anna Weber');
      await textField(addForm, text.phone).fill('030 1234567');
      await textField(addForm, text.email).fill('  anna@tierarzt.example  ');
      await textField(addForm, text.address).fill('Hauptstraße 1');
      await textField(addForm, text.zip).fill('10115');
      await textField(addForm, text.city).fill('Berlin');

      // The country list is sorted by its translated names (more than 100 entries).
      const country = addForm.getByRole('combobox', { name: text.country });
      await country.click();
      const firstNames = (await page.getByRole('option').allTextContents()).slice(0, 12);
      expect(firstNames.length).toBe(12);
      expect(firstNames).toEqual([...firstNames].sort((a, b) => a.localeCompare(b, language)));
      await country.fill(text.countryQuery);
      await page.getByRole('option', { name: text.germany, exact: true }).click();
      await eventually(() => addForm.getByText(text.emailError).count()).toBe(0);
      await shot('vet-form');
      await addForm.getByRole('button', { name: text.save }).click();

      // Saved: the vets' accordion opens with the new card.
      const vetCard = page.getByRole('article', { name: 'Dr. Anna Weber' });
      await vetCard.waitFor();
      await vetCard.getByText(text.doctorSince('01.03.2020')).waitFor();
      await vetCard.getByText(text.germany).waitFor();
      let stored = await contactsOf(user, petId);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        contact_type: 'Vet',
        title: 'Dr.',
        name: 'Anna Weber',
        email: 'anna@tierarzt.example',
        country: 'DE',
        doctor_since: '01.03.2020',
        zip: '10115',
        city: 'Berlin',
      });

      // A contact of an own type, from the add-new-type accordion.
      await page.getByRole('button', { name: new RegExp(text.addNew) }).click();
      const newForm = page.getByRole('form');
      await newForm.getByRole('combobox', { name: text.contactType }).click();
      await page.getByRole('option', { name: text.otherType }).click();
      await textField(newForm, text.customType).fill(text.customTypeName);
      await textField(newForm, text.name).fill('Lena Berg');
      await textField(newForm, text.phone).fill('0171 555000');
      await newForm.getByRole('button', { name: text.save }).click();
      // Only what was typed: nothing of the vet added before (no "Dr.", no e-mail, no address).
      const ownTypeCard = page.getByRole('article', { name: 'Lena Berg', exact: true });
      await ownTypeCard.waitFor();
      expect(await ownTypeCard.getByText('anna@tierarzt.example').count()).toBe(0);
      await accordion(page, text.customTypeName).waitFor();
      await accordion(page, text.vets).waitFor();
      stored = await contactsOf(user, petId);
      expect(stored.map((contact) => [contact.contact_type, contact.doctor_since])).toEqual([
        ['Vet', '01.03.2020'],
        [text.customTypeName, null],
      ]);
      await shot('two-types');

      // Edit the vet's phone: the card shows the new number.
      await vetCard.getByRole('button', { name: text.edit('Dr. Anna Weber') }).click();
      const editForm = page.getByRole('form');
      await eventually(() => textField(editForm, text.name).inputValue()).toBe('Anna Weber');
      await textField(editForm, text.phone).fill('030 7654321');
      await shot('edit');
      await editForm.getByRole('button', { name: text.save }).click();
      await page.getByRole('article', { name: 'Dr. Anna Weber' }).getByText('030 7654321').waitFor();
      stored = await contactsOf(user, petId);
      expect(stored.find((contact) => contact.name === 'Anna Weber')?.phone).toBe('030 7654321');

      // Delete the own-type contact after confirming: its accordion goes with it.
      await page.getByRole('button', { name: text.remove('Lena Berg') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await shot('delete-dialog');
      await dialog.getByRole('button', { name: text.deleteConfirm, exact: true }).click();
      await eventually(() => page.getByRole('article', { name: 'Lena Berg' }).count()).toBe(0);
      await eventually(() => accordion(page, text.customTypeName).count()).toBe(0);
      stored = await contactsOf(user, petId);
      expect(stored.map((contact) => contact.name)).toEqual(['Anna Weber']);
      await shot('after-delete');
      await context.close();
    });
  },
);
