import type { FastifyInstance } from 'fastify';
import { contactsRoutes } from './contacts.routes.ts';
import { ContactsService } from './contacts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contacts: ContactsService;
  }
}

export async function registerContacts(app: FastifyInstance): Promise<void> {
  const service = new ContactsService({ db: app.db, kind: app.database.kind });
  app.decorate('contacts', service);
  await app.register(contactsRoutes, { service });
}
