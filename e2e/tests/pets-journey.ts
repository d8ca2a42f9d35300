import dns from 'node:dns';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { screenshot, type ContextOptions } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';

/**
 * The pets journey of issue 5, run per language and brand: add a pet with a cropped photo, see it
 * in the list, the sidebar and the pet dashboard; edit every field and the weights (each weight
 * error appears), see the chart; replace the photo; delete the pet after confirmation.
 */

/**
 * Brand hosts (hundeschutz.localhost) resolve in Chromium but not in Node on every machine: the
 * test's own API calls (createUser with a brand) look them up as localhost. Call at file level.
 */
export function resolveBrandHostsLocally() {
  const originalLookup = dns.lookup;
  beforeAll(() => {
    dns.lookup = ((hostname: string, ...rest: unknown[]) =>
      (originalLookup as (...args: unknown[]) => void)(
        hostname.endsWith('.localhost') ? 'localhost' : hostname,
        ...rest,
      )) as typeof dns.lookup;
  });
  afterAll(() => {
    dns.lookup = originalLookup;
  });
}

// ---------------------------------------------------------------------------------------------
// Test images: a PNG made here (no binary fixtures), and the size of the JPEG the app uploads.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A landscape RGB PNG with a warm gradient and a dark disc in the middle (a "pet"). */
export function makePng(width = 480, height = 320, hue: 'warm' | 'cool' = 'warm'): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2;
      const base = hue === 'warm' ? [230, 140 + (y % 60), 60 + (x % 80)] : [60 + (x % 80), 140, 220];
      const [r, g, b] = inDisc ? [70, 45, 30] : base;
      row[1 + x * 3] = r!;
      row[2 + x * 3] = g!;
      row[3 + x * 3] = b!;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1]).toBe(0xd8);
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error('not a JPEG marker');
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no JPEG frame');
}

// ---------------------------------------------------------------------------------------------
// Texts of the journey per language (what a user reads on screen).

export const TEXT = {
  en: {
    myPets: 'My pets',
    emptyTitle: 'No pets yet',
    addPet: 'Add pet',
    createPet: 'Add pet',
    name: 'Name',
    species: 'Species',
    cat: 'Cat',
    dog: 'Dog',
    gender: 'Gender',
    female: 'Female',
    male: 'Male',
    breed: 'Breed',
    birthDate: 'Date of birth',
    size: 'Size',
    colour: 'Colour',
    features: 'Distinctive features',
    labeling: 'Labelling (chip ID)',
    ancestry: 'Ancestry',
    choosePhoto: 'Choose photo',
    changePhoto: 'Change photo',
    cropTitle: 'Crop photo',
    zoom: 'Zoom',
    apply: 'Apply',
    photoOf: (name: string) => `Photo of ${name}`,
    added: (name: string) => `${name} has been added.`,
    weighingDate: 'Date of weighing',
    weight: 'Weight',
    addWeight: 'Add weight',
    dateError: 'Please enter the date of the weighing.',
    weightError: 'Please enter the weight.',
    negativeError: 'The weight cannot be negative.',
    halfEntryError: 'Please add the weight entry or clear it before saving.',
    weightHistory: 'Weight history',
    weightCurve: 'Weight curve',
    save: 'Save',
    saved: 'Saved successfully.',
    photoSaved: 'The photo has been saved.',
    tiles: 'Everything about',
    myPetTile: 'My pet',
    navigation: 'Main navigation',
    openMenu: 'Open menu',
    deletePet: (name: string) => `Delete ${name}`,
    deleteTitle: (name: string) => `Delete ${name}?`,
    deleteConfirm: 'Delete',
    cancel: 'Cancel',
    deleted: (name: string) => `${name} has been deleted.`,
    addFirstPet: 'Add your first pet',
    removeWeight: (weight: string, date: string) => `Remove ${weight} of ${date}`,
    removeConfirm: 'Remove',
    freeLimit: 'The free plan includes one pet',
    basicLimit: 'You have reached the number of pets of your plan',
    limitTitle: 'Pet limit reached',
    buySubscription: 'Buy subscription',
  },
  de: {
    myPets: 'Meine Tiere',
    emptyTitle: 'Noch keine Tiere',
    addPet: 'Tier hinzufügen',
    createPet: 'Tier anlegen',
    name: 'Name',
    species: 'Tierart',
    cat: 'Katze',
    dog: 'Hund',
    gender: 'Geschlecht',
    female: 'Weiblich',
    male: 'Männlich',
    breed: 'Rasse',
    birthDate: 'Geburtsdatum',
    size: 'Größe',
    colour: 'Farbe',
    features: 'Besondere Merkmale',
    labeling: 'Kennzeichnung (Chip-ID)',
    ancestry: 'Abstammung',
    choosePhoto: 'Foto auswählen',
    changePhoto: 'Foto ändern',
    cropTitle: 'Foto zuschneiden',
    zoom: 'Zoom',
    apply: 'Übernehmen',
    photoOf: (name: string) => `Foto von ${name}`,
    added: (name: string) => `${name} wurde angelegt.`,
    weighingDate: 'Datum der Wiegung',
    weight: 'Gewicht',
    addWeight: 'Gewicht hinzufügen',
    dateError: 'Bitte geben Sie das Datum der Wiegung ein.',
    weightError: 'Bitte geben Sie das Gewicht ein.',
    negativeError: 'Das Gewicht darf nicht negativ sein.',
    halfEntryError: 'Bitte fügen Sie den Gewichtseintrag hinzu oder leeren Sie ihn vor dem Speichern.',
    weightHistory: 'Gewichtsverlauf',
    weightCurve: 'Gewichtskurve',
    save: 'Speichern',
    saved: 'Erfolgreich gespeichert.',
    photoSaved: 'Das Foto wurde gespeichert.',
    tiles: 'Alles über',
    myPetTile: 'Mein Tier',
    navigation: 'Hauptnavigation',
    openMenu: 'Menü öffnen',
    deletePet: (name: string) => `${name} löschen`,
    deleteTitle: (name: string) => `${name} löschen?`,
    deleteConfirm: 'Löschen',
    cancel: 'Abbrechen',
    deleted: (name: string) => `${name} wurde gelöscht.`,
    addFirstPet: 'Erstes Tier anlegen',
    removeWeight: (weight: string, date: string) => `${weight} vom ${date} entfernen`,
    removeConfirm: 'Entfernen',
    freeLimit: 'Der kostenlose Tarif umfasst ein Tier',
    basicLimit: 'Sie haben die Anzahl der Tiere Ihres Tarifs erreicht',
    limitTitle: 'Tierlimit erreicht',
    buySubscription: 'Abonnement abschließen',
  },
} as const;

export type Language = keyof typeof TEXT;
type Texts = (typeof TEXT)[Language];

// ---------------------------------------------------------------------------------------------
// Page helpers (role and label based).

/** Types dd.MM.yyyy into an MUI date field: its sections take the digits one after another. */
export async function typeDate(page: Page, label: string, ddmmyyyy: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy.replace(/\./g, ''));
}

export async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
}

export async function fill(page: Page, label: string | RegExp, value: string) {
  await page.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/** Chooses a photo file and applies the circular crop (after zooming in a little). */
export async function cropPhoto(page: Page, text: Texts, buttonLabel: string, png: Buffer) {
  await page.getByLabel(buttonLabel, { exact: true }).setInputFiles({
    name: 'luna.png',
    mimeType: 'image/png',
    buffer: png,
  });
  const dialog = page.getByRole('dialog', { name: text.cropTitle });
  await dialog.waitFor();
  // react-easy-crop draws the round crop area.
  await dialog.locator('.reactEasyCrop_CropAreaRound').waitFor();
  const zoom = dialog.getByRole('slider', { name: text.zoom });
  await zoom.focus();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await zoom.getAttribute('aria-valuenow'))).toBeGreaterThan(1.2);
  return dialog;
}

export async function expectText(locator: Locator | Page, text: string) {
  await (locator as Locator).getByText(text, { exact: true }).first().waitFor();
}

interface PetAnswer {
  id: string;
  name: string;
  pet_type: string;
  gender: string | null;
  race: string | null;
  date_of_birth: string | null;
  size: string | null;
  color: string | null;
  features: string | null;
  labeling: string | null;
  ancestry: string | null;
  weights: Array<{ weight: number; date: string }>;
  image_url: string | null;
}

interface InfoAnswer {
  pets: Array<{ id: string; name: string; image_url: string | null; type: string }>;
}

async function fetchImage(user: TestUser, url: string): Promise<{ type: string; bytes: Buffer }> {
  const res = await fetch(new URL(url, user.origin), { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

export interface JourneyOptions {
  language: Language;
  brand?: string;
  context: ContextOptions;
  /** Screenshot name prefix, e.g. pets-en-desktop-light. */
  shots: string;
  species: 'Cat' | 'Dog';
  /** A plan key of the brand to activate first (the dog brand asks for activation before anything). */
  plan?: string;
  /** The list at the plan's limit (pets_limit 1): its message, with or without the buy button. */
  limit: { message: string; buyButton: boolean };
}

/** Opens the sidebar on phones; answers the main navigation. */
async function navigation(page: Page, text: Texts, phone: boolean): Promise<Locator> {
  if (phone) await page.getByRole('button', { name: text.openMenu }).click();
  const nav = page.getByRole('navigation', { name: text.navigation });
  await nav.waitFor();
  return nav;
}

export async function runPetJourney(server: RunningServer, browser: Browser, options: JourneyOptions) {
  const text = TEXT[options.language];
  const phone = options.context.viewport === 'phone';
  const user = await createUser(server, { brand: options.brand, language: options.language });
  if (options.plan) await setPlanByAdmin(server, user, options.plan, options.brand);
  const context = await signedInContext(browser, user, options.context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const origin = user.origin;
  const speciesLabel = options.species === 'Cat' ? text.cat : text.dog;

  try {
    // 1. The empty list.
    await page.goto(`${origin}/dashboard/my-pets`);
    await page.getByRole('heading', { name: text.emptyTitle }).waitFor();
    await screenshot(page, `${options.shots}-list-empty`);

    // 2. Add a pet with a cropped photo.
    await page.getByRole('link', { name: text.addPet }).first().click();
    await page.waitForURL(/\/dashboard\/new-pet$/);
    await fill(page, new RegExp(`^${text.name}`), '  Luna  ');
    const species = page.getByRole('combobox', { name: new RegExp(`^${text.species}`) });
    if (options.brand === 'hundeschutz') {
      // The dog brand keeps dogs only: the species is fixed.
      await expect.poll(() => species.getAttribute('aria-disabled')).toBe('true');
      await expect.poll(() => species.textContent()).toContain(text.dog);
    } else {
      await choose(page, new RegExp(`^${text.species}`), speciesLabel);
    }
    await choose(page, text.gender, text.female);
    await typeDate(page, text.birthDate, '12.05.2020');
    const cropDialog = await cropPhoto(page, text, text.choosePhoto, makePng());
    await screenshot(page, `${options.shots}-crop`);
    await cropDialog.getByRole('button', { name: text.apply }).click();
    await cropDialog.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: text.photoOf('Luna') }).waitFor();
    await screenshot(page, `${options.shots}-new-pet`);
    await page.getByRole('button', { name: text.createPet, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectText(page, text.added('Luna'));

    // The server has the pet (name trimmed) and a square JPEG photo.
    const info = await api<InfoAnswer>(user, 'GET', '/v1/auth/myinfo');
    expect(info.body.pets).toHaveLength(1);
    const petId = info.body.pets[0]!.id;
    let pet = (await api<PetAnswer>(user, 'GET', `/v1/pet?pet_id=${petId}`)).body;
    expect(pet).toMatchObject({
      name: 'Luna',
      pet_type: options.species,
      gender: 'female',
      date_of_birth: '12.05.2020',
    });
    expect(pet.image_url).toBeTruthy();
    const firstPhoto = await fetchImage(user, pet.image_url!);
    expect(firstPhoto.type).toBe('image/jpeg');
    const size = jpegSize(firstPhoto.bytes);
    expect(size.width).toBe(size.height);

    // 3. The sidebar has the pet with its five links.
    let nav = await navigation(page, text, phone);
    const petEntry = nav.getByRole('button', { name: 'Luna' });
    await petEntry.waitFor();
    await petEntry.click();
    await nav.getByRole('link', { name: text.myPetTile }).waitFor();
    expect(
      await nav.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).toEqual(
      expect.arrayContaining([
        `/pet-details/Luna/${petId}/my-pet`,
        `/pet-details/Luna/${petId}/medical-data`,
        `/pet-details/Luna/${petId}/document-safe`,
        `/pet-details/Luna/${petId}/contacts`,
        `/pet-details/Luna/${petId}/vet-findings`,
      ]),
    );
    if (phone) await page.keyboard.press('Escape');

    // 4. The list shows it with its photo; it opens the pet dashboard.
    await page.goto(`${origin}/dashboard/my-pets`);
    const card = page.getByRole('link', { name: /Luna/ });
    await card.waitFor();
    await expect.poll(() => card.locator('img').count()).toBe(1);
    // One pet is the plan's limit: the add entry gives way to the limit message.
    const limit = page.getByTestId('pet-limit-message');
    await limit.getByText(options.limit.message).waitFor();
    expect(await page.getByRole('link', { name: text.addPet }).count()).toBe(0);
    expect(await limit.getByRole('link', { name: text.buySubscription }).count()).toBe(
      options.limit.buyButton ? 1 : 0,
    );
    await screenshot(page, `${options.shots}-list`);
    await card.click();
    await page.waitForURL(new RegExp(`/pet-details/Luna/${petId}$`));
    await page.getByRole('heading', { level: 1, name: 'Luna' }).waitFor();
    await page.getByRole('img', { name: text.photoOf('Luna') }).waitFor();
    const tiles = page.getByRole('list', { name: `${text.tiles} Luna` });
    expect(
      await tiles.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).toEqual([
      `/pet-details/Luna/${petId}/my-pet`,
      `/pet-details/Luna/${petId}/contacts`,
      `/pet-details/Luna/${petId}/medical-data`,
      `/pet-details/Luna/${petId}/vet-findings`,
      `/pet-details/Luna/${petId}/document-safe`,
      `/pet-details/Luna/${petId}/appointments`,
      '/emergency-data',
      '/my-account/profile',
    ]);
    await screenshot(page, `${options.shots}-pet-dashboard`);

    // 5. My Animal: every field.
    await tiles.getByRole('link', { name: new RegExp(`^${text.myPetTile}`) }).click();
    await page.waitForURL(/\/my-pet$/);
    const name = page.getByRole('textbox', { name: new RegExp(`^${text.name}`) });
    await expect.poll(() => name.inputValue()).toBe('Luna');
    await name.fill('Luna Maria');
    await choose(page, text.gender, text.male);
    await fill(page, text.breed, 'Europäisch Kurzhaar');
    // Digits typed into a filled date replace it section by section.
    await typeDate(page, text.birthDate, '01.06.2019');
    await choose(page, text.size, '35 cm');
    await fill(page, text.colour, 'getigert');
    await fill(page, text.features, 'Weiße Pfote vorne links');
    await fill(page, text.labeling, '276098106543210');
    await fill(page, text.ancestry, 'Zucht vom Mühlenhof');

    // 6. Weights: every error of section 5, then two entries.
    const addWeight = page.getByRole('button', { name: text.addWeight });
    const weight = page.getByRole('textbox', { name: text.weight, exact: true });
    await addWeight.click();
    await expectText(page, text.dateError);
    await expectText(page, text.weightError);
    await weight.fill('4,2');
    await addWeight.click();
    await expectText(page, text.dateError);
    expect(await page.getByText(text.weightError, { exact: true }).count()).toBe(0);
    await weight.fill('');
    await typeDate(page, text.weighingDate, '01.02.2024');
    await addWeight.click();
    await expectText(page, text.weightError);
    expect(await page.getByText(text.dateError, { exact: true }).count()).toBe(0);
    await weight.fill('-4');
    await addWeight.click();
    await expectText(page, text.negativeError);
    await weight.fill('4,2');
    await addWeight.click();
    const history = page.getByRole('region', { name: text.weightHistory });
    await history.getByRole('listitem').first().waitFor();
    await typeDate(page, text.weighingDate, '01.05.2024');
    await weight.fill('4,6');
    await addWeight.click();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);
    // Newest first.
    expect(await history.getByRole('listitem').first().textContent()).toContain('01.05.2024');

    // A half entry blocks saving.
    await weight.fill('5');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expectText(page, text.halfEntryError);
    await weight.fill('');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expectText(page, text.saved);
    // The new name is in the address.
    await page.waitForURL(new RegExp(`/pet-details/Luna%20Maria/${petId}/my-pet$`));

    pet = (await api<PetAnswer>(user, 'GET', `/v1/pet?pet_id=${petId}`)).body;
    expect(pet).toMatchObject({
      name: 'Luna Maria',
      pet_type: options.species,
      gender: 'male',
      race: 'Europäisch Kurzhaar',
      date_of_birth: '01.06.2019',
      size: '35 cm',
      color: 'getigert',
      features: 'Weiße Pfote vorne links',
      labeling: '276098106543210',
      ancestry: 'Zucht vom Mühlenhof',
      weights: [
        { weight: 4.6, date: '01.05.2024' },
        { weight: 4.2, date: '01.02.2024' },
      ],
    });

    // 7. The chart draws the history.
    const chart = page.getByRole('figure', { name: text.weightCurve });
    await chart.locator('svg path').first().waitFor();
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, `${options.shots}-my-pet`);

    // 8. A weight is removed after confirmation (and saved).
    const decimal = options.language === 'de' ? '4,6 kg' : '4.6 kg';
    await history.getByRole('button', { name: text.removeWeight(decimal, '01.05.2024') }).click();
    const removeDialog = page.getByRole('dialog');
    await removeDialog.getByRole('button', { name: text.removeConfirm }).click();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect
      .poll(async () =>
        // Each entry also names its id and author (sharing); the journey checks what the owner saw.
        (await api<PetAnswer>(user, 'GET', `/v1/pet?pet_id=${petId}`)).body.weights.map(
          ({ weight, date }) => ({ weight, date }),
        ),
      )
      .toEqual([{ weight: 4.2, date: '01.02.2024' }]);

    // 9. A new photo replaces the old one at once.
    const replaceDialog = await cropPhoto(page, text, text.changePhoto, makePng(300, 500, 'cool'));
    await replaceDialog.getByRole('button', { name: text.apply }).click();
    await expectText(page, text.photoSaved);
    const replaced = (await api<PetAnswer>(user, 'GET', `/v1/pet?pet_id=${petId}`)).body.image_url;
    expect(replaced).toBeTruthy();
    expect(Buffer.compare((await fetchImage(user, replaced!)).bytes, firstPhoto.bytes)).not.toBe(0);

    // 10. Delete after confirmation: cancel first, then confirm.
    await page.goto(`${origin}/dashboard/my-pets`);
    await page.getByRole('button', { name: text.deletePet('Luna Maria') }).click();
    const deleteDialog = page.getByRole('dialog', { name: text.deleteTitle('Luna Maria') });
    await screenshot(page, `${options.shots}-delete-dialog`);
    await deleteDialog.getByRole('button', { name: text.cancel }).click();
    await deleteDialog.waitFor({ state: 'detached' });
    expect((await api<InfoAnswer>(user, 'GET', '/v1/auth/myinfo')).body.pets).toHaveLength(1);
    await page.getByRole('button', { name: text.deletePet('Luna Maria') }).click();
    await deleteDialog.getByRole('button', { name: text.deleteConfirm, exact: true }).click();
    await expectText(page, text.deleted('Luna Maria'));
    await page.getByRole('heading', { name: text.emptyTitle }).waitFor();
    expect((await api<InfoAnswer>(user, 'GET', '/v1/auth/myinfo')).body.pets).toHaveLength(0);
    expect((await api(user, 'GET', `/v1/pet?pet_id=${petId}`)).status).toBe(404);
    nav = await navigation(page, text, phone);
    await nav.getByRole('link', { name: text.addFirstPet }).waitFor();

    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}
