import type { FastifyInstance } from 'fastify';
import { contactsRoutes } from './contacts.routes.ts';
import type { ContactsService } from './contacts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contacts: ContactsService;
  }
}

export async function registerContacts(app: FastifyInstance, service: ContactsService): Promise<void> {
  app.decorate('contacts', service);
  await app.register(contactsRoutes, { service });
}
