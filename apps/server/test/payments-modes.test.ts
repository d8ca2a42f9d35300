import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { PAYMENT_WEBHOOK_PATH, registerPayments } from '../src/platform/payments/index.ts';
import { mountSandbox } from '../src/platform/payments/sandbox.ts';
import { loadOrCreateWebhookSecret } from '../src/platform/payments/webhook-secret.ts';
import { createTestApp } from './helpers.ts';
import { confirmInBrowser, newCustomer, TEST_CARDS } from './support/payments.ts';

/** Which provider the configuration gives: Stripe with keys, the sandbox without, none in production without keys. */

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-payments-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const sandboxPaths = [
  ['GET', '/sandbox/stripe/v1/payment_intents/pi_123'],
  ['POST', '/sandbox/stripe/v1/customers'],
  ['POST', '/sandbox/stripe/v1/payment_intents/pi_123/confirm'],
  ['GET', '/sandbox/stripe/checkout/cs_test_123'],
  ['GET', '/sandbox/stripe/authenticate/pi_123?client_secret=x'],
] as const;

describe('payments modes', () => {
  it('production without keys: no provider, no sandbox routes', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      expect(t.app.payments).toEqual({
        provider: null,
        mode: 'unavailable',
        webhookSecret: '',
        secretKey: null,
        sandbox: null,
      });
      // Nor the webhook's test seam.
      expect(t.app.webhookFaults).toBeNull();
      for (const [method, url] of sandboxPaths) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'email=a%40b.c' : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(fs.existsSync(t.config.payments.webhookSecretFile)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('production without keys: a clear warning at start, and the sandbox refuses to run', async () => {
    const warn = vi.fn();
    const decorate = vi.fn();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() });
    const app = { config, log: { warn, info: vi.fn() }, decorate, jobs: { register: vi.fn() } };
    await registerPayments(app as unknown as FastifyInstance);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'buying answers 503 until STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set',
      ),
    );
    expect(decorate).toHaveBeenCalledWith(
      'payments',
      expect.objectContaining({ provider: null, mode: 'unavailable' }),
    );
    await expect(
      mountSandbox(app as unknown as FastifyInstance, {
        keys: { secretKey: 'sk', publishableKey: 'pk' },
        webhookSecret: 'whsec_x',
        webhookPath: '/v1/subscription/webhook',
      }),
    ).rejects.toThrow(/never runs in production/);
  });

  it('Stripe keys: the adapter on Stripe itself, no sandbox, webhooks checked with STRIPE_WEBHOOK_SECRET', async () => {
    const t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_configured',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_configured',
      STRIPE_WEBHOOK_SECRET: 'whsec_configured_0123456789abcdefghijkl',
    });
    try {
      const { provider, mode, webhookSecret, secretKey } = t.app.payments;
      expect(mode).toBe('stripe');
      expect(provider?.mode).toBe('stripe');
      expect(provider?.publishableKey).toBe('pk_test_configured');
      expect(webhookSecret).toBe('whsec_configured_0123456789abcdefghijkl');
      expect(secretKey).toBeNull();
      for (const [method, url] of sandboxPaths) {
        expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
      }
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'customer.created',
        created: 1,
        data: { object: {} },
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      expect(provider!.verifyWebhook(payload, header)).toEqual({
        id: 'evt_1',
        type: 'other',
        stripeType: 'customer.created',
        created: 1,
      });
    } finally {
      await t.close();
    }
  });

  it('generates the sandbox webhook secret once, also when several starts race', async () => {
    const file = path.join(tempDir(), 'nested', 'webhook-secret');
    const secrets = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateWebhookSecret(file)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^whsec_[\w-]{43}$/);
    expect(await loadOrCreateWebhookSecret(file)).toBe(secrets[0]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['webhook-secret']);
  });

  it('with the job loop on, an event goes out at once (not at the next poll)', async () => {
    const t = await createTestApp({ JOBS_ENABLED: 'true', JOBS_POLL_MS: '600000' });
    try {
      const delivered: string[] = [];
      const inject = t.app.inject.bind(t.app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
      vi.spyOn(t.app, 'inject').mockImplementation(((options: InjectOptions) => {
        if (options.url !== PAYMENT_WEBHOOK_PATH) return inject(options);
        delivered.push(JSON.parse(String(options.payload)).type);
        return Promise.resolve({ statusCode: 200 } as unknown as LightMyRequestResponse);
      }) as typeof t.app.inject);
      const provider = t.app.payments.provider!;
      const customerId = await newCustomer(provider);
      const intent = await provider.createPaymentIntent({
        amountCents: 999,
        customerId,
        paymentMethodTypes: ['card'],
        description: 'x',
        metadata: {},
        idempotencyKey: `kick-${customerId}`,
      });
      const res = await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.succeeds });
      expect(res.statusCode, res.body).toBe(200);
      await vi.waitFor(() => expect(delivered).toEqual(['payment_intent.succeeded']), { timeout: 5000 });
    } finally {
      vi.restoreAllMocks();
      await t.close();
    }
  });
});
