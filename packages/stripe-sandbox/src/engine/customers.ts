import { invalidRequest } from '../errors.ts';
import { newStripeId } from '../ids.ts';
import { toTimestamp } from '../objects/common.ts';
import { customerObject, stripeAddress } from '../objects/customer.ts';
import type { SandboxCustomer } from '../objects/types.ts';
import { address, mergeMetadata, metadata, nested, optionalText, text, type FormParams } from '../params.ts';
import type { RequestInfo, SandboxChanges } from './changes.ts';

/** /v1/customers: create, retrieve, update (contact data, metadata, the default payment method). */
export class Customers {
  constructor(private readonly changes: SandboxChanges) {}

  async create(params: FormParams, request: RequestInfo): Promise<SandboxCustomer> {
    return this.changes.transact(request, async (unit) => {
      const given = address(nested(params, 'address'));
      const customer = customerObject({
        id: newStripeId('cus', 14),
        created: toTimestamp(unit.now),
        email: optionalText(params, 'email'),
        name: optionalText(params, 'name'),
        address: given ? stripeAddress(given) : null,
        metadata: metadata(params),
      });
      await this.changes.store.insert(unit.trx, customer, unit.now);
      return customer;
    });
  }

  async retrieve(id: string): Promise<SandboxCustomer> {
    return this.changes.load(this.changes.store.db, 'customer', id);
  }

  async update(id: string, params: FormParams, request: RequestInfo): Promise<SandboxCustomer> {
    return this.changes.transact(request, async (unit) => {
      const customer = await this.changes.load(unit.trx, 'customer', id, { forUpdate: true });
      const defaultMethod = text(nested(params, 'invoice_settings'), 'default_payment_method');
      if (defaultMethod) {
        const method = await this.changes.store.find(unit.trx, 'payment_method', defaultMethod);
        if (!method || method.data.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
            { param: 'invoice_settings[default_payment_method]' },
          );
        }
      }
      if (defaultMethod !== undefined)
        customer.invoice_settings.default_payment_method = defaultMethod || null;
      if (text(params, 'email') !== undefined) customer.email = optionalText(params, 'email');
      if (text(params, 'name') !== undefined) customer.name = optionalText(params, 'name');
      const givenAddress = address(nested(params, 'address'));
      if (givenAddress) customer.address = stripeAddress(givenAddress);
      customer.metadata = mergeMetadata(customer.metadata, metadata(params));
      await this.changes.store.save(unit.trx, customer, unit.now);
      return customer;
    });
  }
}
