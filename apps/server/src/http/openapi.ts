import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDENTITY_HEADER } from '@pet/contract';

/**
 * The OpenAPI document is generated from the zod schemas every route declares, served at
 * /v1/openapi.json with a browsable page at /docs. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, info: { version: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pet portal API',
        description:
          'The /v1 API of the pet-care portal: the public contract used by the web app and the mobile apps. ' +
          `Authenticate with the session cookie (browser; send the ${IDENTITY_HEADER} header on every call) ` +
          'or with `Authorization: Bearer <token>` (mobile and API clients). Errors answer ' +
          '{statusCode, error, message, key} where key is the translation key of the error catalogue.',
        version: info.version,
      },
      servers: [{ url: info.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'pet.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
