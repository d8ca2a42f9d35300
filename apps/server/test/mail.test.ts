import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, mailbox, signIn, signup, uniqueEmail, waitForMail } from './identity-helpers.ts';
import { renderMail } from '../src/platform/mail/templates.ts';
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
});
