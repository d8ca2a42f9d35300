import { declineText, periodLastDay, userLanguageToUi } from '@pet/contract';
import { productById } from '../plans/plans.repo.ts';
import * as repo from './subscription.repo.ts';
import type { SubscriptionServiceDeps } from './subscription-deps.ts';
import type { MailPayload } from './subscription.jobs.ts';
import { formatDate, mailDate, mailDocumentOf, renderSubscriptionMail } from './subscription.mails.ts';

/** The subscription mail job: renders a plan's mail (with its invoice document) when it is sent. */
export class SubscriptionMailSender {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  /** The mail job: idempotent through its dedupe key; nothing is sent to a deleted account. */
  async sendMail(mail: MailPayload): Promise<void> {
    const order = mail.orderId ? await repo.findOrder(this.deps.db, mail.orderId) : undefined;
    const userId = order?.user_id ?? mail.userId;
    if (!userId) return;
    await this.sendPlanMail({ ...mail, userId }, order);
  }

  async sendPlanMail(mail: MailPayload & { userId: string }, order?: repo.OrderRow): Promise<void> {
    const { db } = this.deps;
    const recipient = await repo.findRecipient(db, mail.userId);
    const subscription = await repo.findSubscription(db, mail.userId);
    if (!recipient || recipient.deletion_requested_at || !subscription) return;
    const brand = this.deps.brandForPartner(subscription.partner_id);
    // The plan the mail is about: the order's, the pending downgrade's, or the current one.
    const productId =
      order?.product_id ??
      (mail.kind === 'downgrade-scheduled' ? subscription.pending_product_id : null) ??
      subscription.product_id;
    const product = await productById(db, productId);
    // Rendered now, by this job: a failure fails the job, which retries; nothing is sent half.
    const documentKind = order ? mailDocumentOf(mail.kind) : null;
    const document = documentKind ? await this.deps.mailDocument(order!.id, documentKind) : null;
    const origin = this.deps.originForBrand(brand);
    const language = userLanguageToUi(recipient.language);
    const rendered = renderSubscriptionMail({
      kind: mail.kind,
      brand,
      language,
      origin,
      name: recipient.name,
      productName: product?.name ?? '',
      order: order
        ? {
            orderNumber: order.order_number,
            invoiceNumber: order.invoice_number,
            amountCents: order.amount_cents,
            periodStart: order.period_start ? formatDate(order.period_start) : null,
            periodEnd: order.period_end ? periodLastDay(order.period_end) : null,
            paymentType: order.payment_type,
            // The reason in the recipient's language, never the provider's English message.
            failureMessage: order.failure_code
              ? declineText(language, order.failure_code, null, order.payment_type)
              : null,
          }
        : null,
      date: mail.date ? mailDate(mail.kind, new Date(mail.date * 1000)) : null,
      document: document && {
        url: `${origin}${document.linkPath}`,
        validUntil: periodLastDay(document.linkExpiresAt),
        number: document.number,
        correctsNumber: document.correctsNumber,
        amountCents: document.amountCents,
      },
      actionUrl:
        mail.kind === 'renewal-action-required' && order?.period_start && this.deps.renewalPaymentLink
          ? this.deps.renewalPaymentLink(origin, order.user_id, order.id, order.period_start)
          : null,
      receivedAt: mail.receivedAt ?? null,
    });
    await this.deps.mailer.send({
      to: recipient.email,
      ...rendered,
      kind: `subscription-${mail.kind}`,
      partnerId: brand.partnerId,
      attachments: document ? [document.attachment] : undefined,
    });
  }
}
