import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { MedicalListItem } from '@pet/contract';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
/**
 * One user per language (the signed-in UI speaks the account's stored language): on the premium
 * plan, and new users on the free plan with one pet each.
 */
let premium: Record<'en' | 'de', TestUser>;
let free: Record<'en' | 'de', TestUser>;
let freePetId: Record<'en' | 'de', string>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const users = async (name: string) => ({
    en: await createUser(server, { name, language: 'en' }),
    de: await createUser(server, { name, language: 'de' }),
  });
  premium = await users('Paula Premium');
  free = await users('Frida Free');
  const [, , lunaEn, lunaDe] = await Promise.all([
    setPlanByAdmin(server, premium.en, 'premium'),
    setPlanByAdmin(server, premium.de, 'premium'),
    createPet(free.en, 'Luna'),
    createPet(free.de, 'Luna'),
  ]);
  freePetId = { en: lunaEn, de: lunaDe };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Kind = 'allergy' | 'disease' | 'intervention' | 'medication';

/** The visible texts per language (the spec's keys and our labels). */
const TEXTS = {
  en: {
    overview: 'Medical data',
    category: {
      allergy: 'Allergies',
      disease: 'Diseases',
      intervention: 'Medical interventions',
      medication: 'Medication',
    },
    add: {
      allergy: 'Add allergy',
      disease: 'Add disease',
      intervention: 'Add medical intervention',
      medication: 'Add medication',
    },
    entries: (count: number) => (count === 1 ? '1 entry' : `${count} entries`),
    empty: 'No entries yet. Add the first one with the plus button.',
    emergency: "also appear in your pet's emergency file",
    name: { allergy: 'Allergy', disease: 'Disease', intervention: 'Intervention', medication: 'Medication' },
    date: {
      allergy: 'Diagnosed on',
      disease: 'Diagnosed on',
      intervention: 'Date of the intervention',
      medication: 'Prescribed on',
    },
    person: {
      allergy: 'Diagnosed by',
      disease: 'Diagnosed by',
      intervention: 'Performed by',
      medication: 'Prescribed by',
    },
    organization: 'Practice or clinic',
    knownSince: 'Known since',
    stillAcute: 'Still acute',
    surgeryType: 'Type of intervention',
    implant: 'Implant',
    manufacturer: 'Manufacturer',
    prescription: 'Prescription only',
    inUse: 'Currently given',
    schedule: ['Mornings', 'Evenings'],
    reason: 'Reason',
    dosage: 'Dosage',
    takingFrom: 'Given from',
    takingTo: 'Given until',
    pzn: 'Pharmaceutical central number (PZN)',
    comments: 'Comments',
    yes: 'Yes',
    no: 'No',
    save: 'Save',
    delete: 'Delete',
    nameError: 'Please enter a name.',
    notAllowed: 'Adding medical data is part of our paid plans.',
    activate: 'Activate now',
  },
  de: {
    overview: 'Medizinische Daten',
    category: {
      allergy: 'Allergien',
      disease: 'Erkrankungen',
      intervention: 'Medizinische Eingriffe',
      medication: 'Medikamente',
    },
    add: {
      allergy: 'Allergie hinzufügen',
      disease: 'Erkrankung hinzufügen',
      intervention: 'Medizinischen Eingriff hinzufügen',
      medication: 'Medikament hinzufügen',
    },
    entries: (count: number) => (count === 1 ? '1 Eintrag' : `${count} Einträge`),
    empty: 'Noch keine Einträge. Legen Sie den ersten mit dem Plus an.',
    emergency: 'erscheinen auch in der Notfallakte Ihres Tieres',
    name: { allergy: 'Allergie', disease: 'Erkrankung', intervention: 'Eingriff', medication: 'Medikament' },
    date: {
      allergy: 'Diagnostiziert am',
      disease: 'Diagnostiziert am',
      intervention: 'Datum des Eingriffs',
      medication: 'Verordnet am',
    },
    person: {
      allergy: 'Diagnostiziert von',
      disease: 'Diagnostiziert von',
      intervention: 'Durchgeführt von',
      medication: 'Verordnet von',
    },
    organization: 'Praxis oder Klinik',
    knownSince: 'Bekannt seit',
    stillAcute: 'Noch akut',
    surgeryType: 'Art des Eingriffs',
    implant: 'Implantat',
    manufacturer: 'Hersteller',
    prescription: 'Verschreibungspflichtig',
    inUse: 'Wird derzeit gegeben',
    schedule: ['Morgens', 'Abends'],
    reason: 'Grund',
    dosage: 'Dosierung',
    takingFrom: 'Einnahme ab',
    takingTo: 'Einnahme bis',
    pzn: 'Pharmazentralnummer (PZN)',
    comments: 'Kommentar',
    yes: 'Ja',
    no: 'Nein',
    save: 'Speichern',
    delete: 'Löschen',
    nameError: 'Bitte geben Sie einen Namen ein.',
    notAllowed: 'Das Anlegen medizinischer Daten ist in unseren kostenpflichtigen Tarifen enthalten.',
    activate: 'Jetzt freischalten',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by its label; required fields carry MUI's asterisk after the label. */
const textField = (scope: Locator | Page, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`) });

async function typeDate(page: Page, form: Locator, label: string, date: string) {
  await form.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(date.replace(/\./g, ''));
}

async function choose(form: Locator, group: string, answer: string) {
  await form
    .getByRole('group', { name: group, exact: true })
    .getByRole('button', { name: answer, exact: true })
    .click();
}

async function createPet(user: TestUser, name: string): Promise<string> {
  const res = await api<{ id: string }>(user, 'POST', '/v1/pet', { name, pet_type: 'Dog', race: 'Beagle' });
  if (res.status !== 201) throw new Error(`pet not created: ${res.status}`);
  return res.body.id;
}

const medicalsOf = async (user: TestUser, petId: string) =>
  (await api<MedicalListItem[]>(user, 'GET', `/v1/medical/mypetmedicals?pet_id=${petId}`)).body;

/** Every field of each kind: what the form gets and what the list answer must then hold. */
function recordOf(kind: Kind, text: Texts) {
  const common = { comments: `${kind} note`, executing_person: 'Dr. Anna Weber' };
  switch (kind) {
    case 'allergy':
      return { ...common, name: 'Pollen', date: '02.04.2024', known_since: '01.03.2022', still_acute: 'Yes' };
    case 'disease':
      return {
        ...common,
        name: 'Arthritis',
        date: '15.01.2024',
        known_since: '10.12.2023',
        still_acute: 'No',
        executing_organization: 'Tierklinik Berlin',
      };
    case 'intervention':
      return {
        ...common,
        name: 'Hip replacement',
        date: '20.06.2023',
        surgery_type: 'Implant',
        executing_organization: 'Tierklinik Berlin',
      };
    case 'medication':
      return {
        ...common,
        name: 'Carprofen',
        date: '01.02.2024',
        manufacturer: 'Zoetis',
        reason: text === TEXTS.de ? 'Gelenkschmerzen' : 'Joint pain',
        dosage: '50 mg',
        pharma_central_number: '01234567',
        taking_schedule: ['Mornings', 'Evenings'],
        taking_from: '01.02.2024',
        taking_to: '29.02.2024',
        prescription: 'Yes',
        in_use: 'Yes',
        still_acute: 'No',
        executing_organization: 'Praxis am Park',
      };
  }
}

async function fillRecord(page: Page, form: Locator, kind: Kind, text: Texts) {
  const record = recordOf(kind, text) as Record<string, unknown>;
  const answer = (value: unknown) => (value === 'Yes' ? text.yes : text.no);
  await textField(form, text.name[kind]).fill(String(record.name));
  await typeDate(page, form, text.date[kind], String(record.date));
  await textField(form, text.person[kind]).fill(String(record.executing_person));
  if (record.known_since) await typeDate(page, form, text.knownSince, String(record.known_since));
  if (record.executing_organization)
    await textField(form, text.organization).fill(String(record.executing_organization));
  if (record.still_acute) await choose(form, text.stillAcute, answer(record.still_acute));
  if (record.surgery_type) await choose(form, text.surgeryType, text.implant);
  if (kind === 'medication') {
    await textField(form, text.manufacturer).fill(String(record.manufacturer));
    await textField(form, text.reason).fill(String(record.reason));
    await textField(form, text.dosage).fill(String(record.dosage));
    await textField(form, text.pzn).fill(String(record.pharma_central_number));
    for (const label of text.schedule) await form.getByRole('checkbox', { name: label }).check();
    await typeDate(page, form, text.takingFrom, String(record.taking_from));
    await typeDate(page, form, text.takingTo, String(record.taking_to));
    await choose(form, text.prescription, text.yes);
    await choose(form, text.inUse, text.yes);
  }
  const comments = textField(form, text.comments);
  await comments.fill(String(record.comments));
  // The live counter follows the typing.
  await form.getByText(`${String(record.comments).length}/100`).waitFor();
  await comments.pressSequentially('!');
  await form.getByText(`${String(record.comments).length + 1}/100`).waitFor();
  await comments.press('Backspace');
}

const KINDS: Kind[] = ['allergy', 'disease', 'intervention', 'medication'];

describe.concurrent.each([
  { language: 'en' as const, options: { locale: 'en-US', viewport: 'desktop', colorScheme: 'light' } },
  { language: 'de' as const, options: { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' } },
] satisfies Array<{ language: 'en' | 'de'; options: ContextOptions }>)(
  'medical data ($language, $options.viewport, $options.colorScheme)',
  ({ language, options }) => {
    it('adds one record of each kind with every field, counts them, edits and deletes', async ({
      expect,
      onTestFailed,
    }) => {
      const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
      const text = TEXTS[language];
      const user = premium[language];
      const petName = language === 'en' ? 'Luna' : 'Nala';
      const petId = await createPet(user, petName);
      const context = await signedInContext(browser, user, options);
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `medical-failure-${language}-${options.viewport}-${options.colorScheme}`);
        await context.close();
      });
      const shot = async (name: string) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `medical-${name}-${language}-${options.viewport}-${options.colorScheme}`);
      };
      const overviewUrl = `${server.url}/pet-details/${petName}/${petId}/medical-data`;
      const categoryLink = (kind: Kind) =>
        page.getByRole('link', { name: new RegExp(`^${escapeRegExp(text.category[kind])}\\b`) });

      await page.goto(overviewUrl);
      await page.getByRole('heading', { level: 1, name: text.overview }).waitFor();
      for (const kind of KINDS) await categoryLink(kind).getByText(text.entries(0)).waitFor();
      await shot('overview-empty');

      for (const kind of KINDS) {
        await categoryLink(kind).click();
        // Empty list: the text (with the emergency hint) and the big plus button.
        await page.getByText(text.empty).waitFor();
        await page.getByText(text.emergency, { exact: false }).waitFor();
        if (kind === 'allergy') await shot('list-empty');
        await page.getByRole('link', { name: text.add[kind] }).click();
        await page.getByRole('heading', { level: 1, name: text.add[kind] }).waitFor();
        const form = page.getByRole('form');
        if (kind === 'allergy') {
          // Section 5: the name is required.
          await form.getByRole('button', { name: text.save }).click();
          await form.getByText(text.nameError).waitFor();
        }
        await fillRecord(page, form, kind, text);
        await shot(`add-${kind}`);
        await form.getByRole('button', { name: text.save }).click();
        // Saved: the kind's list shows the row with name and date.
        await page.waitForURL((url) => !url.pathname.includes('/add-'));
        const record = recordOf(kind, text);
        const row = page.getByRole('button', { name: new RegExp(escapeRegExp(record.name)) });
        await row.getByText(record.date).waitFor();
        if (kind === 'medication') await shot('list');
        await page
          .getByRole('navigation', { name: /You are here|Sie sind hier/ })
          .getByRole('link', { name: text.overview })
          .click();
        await categoryLink(kind).getByText(text.entries(1)).waitFor();
      }
      await shot('overview-counts');

      // Every field arrived, in the list answer's medical_-prefixed form.
      const stored = await medicalsOf(user, petId);
      expect(stored).toHaveLength(4);
      for (const kind of KINDS) {
        const { name, date, ...fields } = recordOf(kind, text);
        const item = stored.find((entry) => entry.medical_medical_type === kind);
        expect(item).toMatchObject({ medical_name: name, medical_date: date, ...fields });
      }

      // Edit a medication: the row updates and its form closes.
      await categoryLink('medication').click();
      await page.getByRole('button', { name: /Carprofen/ }).click();
      const editForm = page.getByRole('form');
      await eventually(() => textField(editForm, text.dosage).inputValue()).toBe('50 mg');
      await textField(editForm, text.name.medication).fill('Carprofen forte');
      await textField(editForm, text.dosage).fill('75 mg');
      await shot('edit');
      await editForm.getByRole('button', { name: text.save }).click();
      await eventually(() => page.getByRole('form').count()).toBe(0);
      await page.getByRole('button', { name: /Carprofen forte/ }).waitFor();
      const medication = (await medicalsOf(user, petId)).find(
        (entry) => entry.medical_medical_type === 'medication',
      );
      expect(medication).toMatchObject({
        medical_name: 'Carprofen forte',
        dosage: '75 mg',
        taking_schedule: ['Mornings', 'Evenings'],
      });

      // Delete an allergy after confirming: back on the medical-data overview, the count is 0.
      await page.goto(overviewUrl);
      await categoryLink('allergy').click();
      await page.getByRole('button', { name: /Pollen/ }).click();
      await page.getByRole('form').getByRole('button', { name: text.delete }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await shot('delete-dialog');
      await dialog.getByRole('button', { name: text.delete }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/medical-data'));
      await categoryLink('allergy').getByText(text.entries(0)).waitFor();
      expect((await medicalsOf(user, petId)).map((entry) => entry.medical_medical_type).sort()).toEqual([
        'disease',
        'intervention',
        'medication',
      ]);
      await context.close();
    }, 120_000);

    it('refuses adding on the free plan with the upgrade prompt, in the UI and on the server', async ({
      expect,
      onTestFailed,
    }) => {
      const text = TEXTS[language];
      const user = free[language];
      const petId = freePetId[language];
      const context = await signedInContext(browser, user, options);
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `medical-failure-${language}-${options.viewport}-${options.colorScheme}`);
        await context.close();
      });
      await page.goto(`${server.url}/pet-details/Luna/${petId}/medical-data/allergies/add-allergy`);

      // The prompt replaces the form; its button leads to the subscription page.
      await page.getByRole('heading', { name: text.notAllowed }).waitFor();
      expect(await page.getByRole('form').count()).toBe(0);
      const activate = page.getByRole('link', { name: text.activate });
      expect(await activate.getAttribute('href')).toBe('/my-account/subscription');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `medical-free-plan-${language}-${options.viewport}-${options.colorScheme}`);

      // The server answers the same when called directly.
      const direct = await api<{ key: string }>(user, 'POST', `/v1/medical/allergy?pet_id=${petId}`, {
        name: 'Pollen',
        medical_type: 'allergy',
      });
      expect(direct.status).toBe(500);
      expect(direct.body.key).toBe('Medical_Not_Allowed_Text');

      // The overview says so too, next to the (empty) categories.
      await page.goto(`${server.url}/pet-details/Luna/${petId}/medical-data`);
      const banner = page.getByRole('status').filter({ hasText: text.notAllowed });
      await banner.waitFor();
      await page
        .getByRole('link', { name: new RegExp(`^${escapeRegExp(text.category.allergy)}\\b`) })
        .waitFor();
      await screenshot(page, `medical-free-overview-${language}-${options.viewport}-${options.colorScheme}`);
      await banner.getByRole('link', { name: text.activate }).click();
      await page.waitForURL((url) => url.pathname === '/my-account/subscription');
      await context.close();
    });
  },
);
