import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, mailbox, signIn, signup, uniqueEmail, waitForMail } from './identity-helpers.ts';
import { renderMail } from '../src/platform/mail/templates.ts';
import { readPdf } from './support/pdf-text.ts';
import { confirmWith, ordersOf, placeOrder, runJobs } from './support/buying.ts';
import { extractLinks } from '../src/platform/mail/outbox.ts';

describe('mail templates', { timeout: 120_000 }, () => {
  it('renders each identity mail per brand and language with one action link', () => {
    for (const brand of Object.values(BRANDS)) {
      for (const language of ['de', 'en'] as const) {
        for (const kind of ['verification', 'reset', 'magic-link'] as const) {
          const url = `https://portal.example/${kind}?token=abc&x=1`;
          const mail = renderMail(kind, {
            brand,
            language,
            origin: 'https://portal.example',
            name: 'Ada <b>',
            url,
            validMinutes: 30,
          });
          expect(mail.subject).toContain(brand.name);
          expect(mail.text).toContain(url);
          expect(mail.text).toContain(brand.supportEmail);
          expect(mail.html).toContain(`https://portal.example${brand.logo}`);
          expect(mail.html).toContain('Ada &lt;b&gt;');
          expect(mail.html).not.toContain('<b>');
          expect(extractLinks(mail.text, mail.html)).toEqual([url, `https://portal.example${brand.logo}`]);
          expect(mail.text).toContain(language === 'de' ? '30 Minuten' : '30 minutes');
        }
      }
    }
    const de = renderMail('reset', {
      brand: BRANDS.primepet,
      language: 'de',
      origin: 'x',
      url: 'u',
      validMinutes: 60,
    });
    const en = renderMail('reset', {
      brand: BRANDS.primepet,
      language: 'en',
      origin: 'x',
      url: 'u',
      validMinutes: 60,
    });
    expect(de.subject).toBe('Passwort zurücksetzen für Prime Pet');
    expect(en.subject).toBe('Reset your password for Prime Pet');
    expect(de.text).toContain('1 Stunde');
  });

  it('extracts every http(s) link once, from text and html', () => {
    expect(
      extractLinks(
        'See https://a.example/x?y=1&z=2. And http://b.example/.',
        '<a href="https://a.example/x?y=1&amp;z=2">x</a>',
      ),
    ).toEqual(['https://a.example/x?y=1&z=2', 'http://b.example/']);
  });
});

describe(`dev outbox (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists mail newest first with to, subject, text, html and links', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await signup(t.app, { email: first })).statusCode).toBe(201);
    await waitForMail(t.app, first);
    expect((await signup(t.app, { email: second })).statusCode).toBe(201);
    await waitForMail(t.app, second);
    const mails = await mailbox(t.app);
    expect(mails[0]!.to).toBe(second);
    expect(mails[1]!.to).toBe(first);
    for (const mail of mails) {
      expect(mail).toMatchObject({
        to: expect.any(String),
        subject: expect.any(String),
        text: expect.any(String),
        html: expect.stringContaining('<html'),
        links: expect.any(Array),
      });
      expect(mail.links.some((l) => l.startsWith('http://localhost:3000/identity/verify-email?token='))).toBe(
        true,
      );
    }
    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(second);
    expect(page.body).toContain('/identity/verify-email?token=');
  });

  it('keeps a mail’s attachments: listed with name, type and size, their bytes at /dev/mailbox/attachment', async () => {
    const to = uniqueEmail('attached');
    const pdf = Buffer.from('%PDF-1.4\n% a tiny test file\n%%EOF\n');
    const csv = Buffer.from('a;b\n1;2\n');
    await t.app.mailer.send({
      to,
      subject: 'Two files',
      text: 'See the files.',
      html: '<html><body>See the files.</body></html>',
      kind: 'test-attachments',
      attachments: [
        { fileName: 'PP-2026-000001.pdf', contentType: 'application/pdf', content: pdf },
        { fileName: 'list.csv', contentType: 'text/csv', content: csv },
      ],
    });
    const mail = (await mailbox(t.app)).find((m) => m.to === to)!;
    expect(mail.attachments).toEqual([
      { id: expect.any(String), name: 'PP-2026-000001.pdf', type: 'application/pdf', size: pdf.length },
      { id: expect.any(String), name: 'list.csv', type: 'text/csv', size: csv.length },
    ]);
    const first = await t.app.inject({ url: `/dev/mailbox/attachment?id=${mail.attachments[0]!.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('attachment; filename="PP-2026-000001.pdf"');
    expect(first.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ url: '/dev/mailbox/attachment?id=nope' })).statusCode).toBe(404);
    const remote = await t.app.inject({
      url: `/dev/mailbox/attachment?id=${mail.attachments[0]!.id}`,
      remoteAddress: '10.1.2.3',
    });
    expect(remote.statusCode).toBe(403);
    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.body).toContain('PP-2026-000001.pdf');
    // A mail without files lists none.
    expect((await mailbox(t.app)).find((m) => m.to !== to)?.attachments ?? []).toEqual([]);
  });

  it('answers loopback clients only', async () => {
    const remote = await t.app.inject({ url: '/dev/mailbox.json', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    const proxied = await t.app.inject({
      url: '/dev/mailbox.json',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    const html = await t.app.inject({ url: '/dev/mailbox', remoteAddress: '192.168.1.20' });
    expect(html.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/dev/mailbox.json', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('is not served in production', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      LOG_LEVEL: 'silent',
    });
    try {
      expect((await production.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
      expect((await production.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

/** Quoted-printable soft line breaks and escapes, as nodemailer writes long lines. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe(`SMTP (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Pet Portal <no-reply@portal.example>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The raw message to `to` whose decoded text contains `needle` (mail is sent by jobs and hooks). */
  async function receivedFor(to: string, needle: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = received.find((m) => m.to.includes(to) && decodeQuotedPrintable(m.raw).includes(needle));
      if (found) return found.raw;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${needle}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('delivers the verification mail to a real SMTP server; its link verifies the account', async () => {
    const email = uniqueEmail('smtp');
    expect((await signup(t.app, { email, language: 'de' })).statusCode).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to.includes(email)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const mail = received.find((m) => m.to.includes(email));
    expect(mail, 'mail received').toBeDefined();
    expect(mail!.from).toBe('no-reply@portal.example');
    const decoded = decodeQuotedPrintable(mail!.raw);
    expect(decoded).toMatch(/^Subject: /m);
    expect(decoded).toContain('Prime Pet');
    expect(decoded).toContain('multipart/alternative');
    const link = new URL(
      decoded.match(/http:\/\/localhost:3000\/identity\/verify-email\?[^\s"<>]+/)![0].replace(/&amp;/g, '&'),
    );
    const verified = await call(t.app, 'GET', `${link.pathname}${link.search}`, undefined, { ip: freshIp() });
    expect(verified.statusCode).toBe(302);
    expect((await signIn(t.app, email)).statusCode).toBe(200);
    // Nothing went to the outbox.
    expect(await mailbox(t.app)).toEqual([]);
  });

  it('a payment mail carries its invoice PDF as a MIME attachment over SMTP', async () => {
    const email = uniqueEmail('smtp-invoice');
    const signedUp = await signup(t.app, { email, language: 'en' });
    expect(signedUp.statusCode).toBe(201);
    const userId = String(signedUp.json().user_id);
    const verification = decodeQuotedPrintable(await receivedFor(email, 'verify-email'));
    const link = new URL(
      verification
        .match(/http:\/\/localhost:3000\/identity\/verify-email\?[^\s"<>]+/)![0]
        .replace(/&amp;/g, '&'),
    );
    await call(t.app, 'GET', `${link.pathname}${link.search}`, undefined, { ip: freshIp() });
    const signedIn = await signIn(t.app, email);
    expect(signedIn.statusCode).toBe(200);
    const buyer = { id: userId, token: String(signedIn.headers['set-auth-token']) };
    const { orderId, secret } = await placeOrder(t.app, buyer, { plan: 'premium' });
    expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
    await runJobs(t.app);
    const raw = await receivedFor(email, 'Payment received');
    const [order] = (await ordersOf(t.app, userId)).filter((o) => o.id === orderId);
    const number = order!.invoice_number!;
    expect(raw).toContain('multipart/mixed');
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name=${number}\\.pdf`));
    expect(raw).toContain(`Content-Disposition: attachment; filename=${number}.pdf`);
    // The part's base64 body is the invoice itself.
    const part = raw.split(`filename=${number}.pdf`)[1]!;
    const base64 = part
      .split(/\r?\n\r?\n/)[1]!
      .split(/\r?\n--/)[0]!
      .replace(/\s+/g, '');
    const pdf = Buffer.from(base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readPdf(pdf).text.split('\n')).toContain(number);
  });
});
