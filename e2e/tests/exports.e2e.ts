import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';
import { addDocumentByApi } from './documents-support.ts';

/**
 * Beyond the spec (issue 17, exports): the owner downloads the pet's vaccination and medication
 * record, builds a vet handover share link from a document, a vet opens it in a fresh browser with
 * JavaScript off and downloads the PDF; the owner sees the download counted, revokes the link, and
 * the link answers not found.
 */
let server: RunningServer;
let browser: Browser;
let owner: TestUser;
let petId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await createUser(server, { name: 'Erika Muster', language: 'en' });
  await setPlanByAdmin(server, owner, 'premium');
  const pet = await api<{ id: string }>(owner, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
  if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
  petId = pet.body.id;
  const vaccination = await api(owner, 'POST', `/v1/appointment?pet_id=${petId}`, {
    appointment_type: 'Vaccination',
    vaccination_type: 'Rabies',
    reason: 'Booster',
    appointment_date: '05.01.2099',
    appointment_time: '10:00',
    vet_name: 'Dr. Vet',
  });
  if (vaccination.status !== 201) throw new Error(`appointment not created: ${vaccination.status}`);
  await api(owner, 'POST', `/v1/medical/medication?pet_id=${petId}`, {
    name: 'Carprofen',
    medical_type: 'medication',
    dosage: '50 mg',
    in_use: 'Yes',
  });
  await addDocumentByApi(owner, petId, 'Insurance', 'Liability policy');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('exports', () => {
  it('record download, handover share link opened without JavaScript, download counted, revoked link is not found', async ({
    expect,
  }) => {
    const context = await signedInContext(browser, owner, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto(`${server.url}/pet-details/Bello/${petId}`);
    await page.locator('[data-tile="exports"]').click();
    await page.getByRole('heading', { level: 1, name: 'Exports' }).waitFor();

    const [record] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF: Vaccination & medication record' }).click(),
    ]);
    expect(record.suggestedFilename()).toBe('Vaccination-and-medication-record-Bello.pdf');
    const recordBytes = fs.readFileSync((await record.path())!);
    expect(recordBytes.subarray(0, 5).toString()).toBe('%PDF-');

    const handover = page.getByRole('region', { name: 'Vet handover' });
    await handover.getByRole('checkbox', { name: /Liability policy/ }).check();
    await handover.getByRole('button', { name: 'Create share link' }).click();
    const field = handover.getByTestId('handover-link-url');
    await field.waitFor();
    const linkUrl = await field.inputValue();
    expect(linkUrl).toMatch(/\/handover\/[A-Za-z0-9_-]{22}$/);
    const links = page.getByRole('region', { name: 'Share links' });
    // Newest first (a retried attempt leaves its link below).
    await links.getByText('0 downloads').first().waitFor();
    await expectNoAxeViolations(page, 'exports page');
    await screenshot(page, 'exports-owner-desktop');

    // The vet: a fresh browser, JavaScript off.
    const vet = await browser.newContext({
      javaScriptEnabled: false,
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const vetPage = await vet.newPage();
    const answer = await vetPage.goto(linkUrl);
    expect(answer?.status()).toBe(200);
    await vetPage.getByRole('heading', { level: 1, name: 'Übergabe für Bello' }).waitFor();
    await screenshot(vetPage, 'exports-handover-page-phone-nojs');
    const [pdf] = await Promise.all([
      vetPage.waitForEvent('download'),
      vetPage.getByRole('link', { name: 'PDF herunterladen' }).click(),
    ]);
    const pdfBytes = fs.readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

    // The owner sees the download, then revokes the link.
    await page.reload();
    await links.getByText('1 download').first().waitFor();
    await links.getByRole('button', { name: 'Revoke' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this share link?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await links.getByText('Revoked').first().waitFor();

    const gone = await vetPage.goto(linkUrl);
    expect(gone?.status()).toBe(404);
    await vetPage.getByText('Link nicht gefunden').first().waitFor();
    await vet.close();
    await context.close();
    // Two PDFs are built on the way (the record, the handover); a busy machine needs the time.
  }, 150_000);
});
