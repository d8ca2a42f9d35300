import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDENTITY_HEADER, apiErrorBodySchema } from '@pet/contract';
import { requiresSignIn } from './route-access.ts';

/**
 * The OpenAPI document is generated from the zod schemas every route declares, served at
 * /v1/openapi.json with a browsable page at /docs. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, info: { version: string; publicUrl: string }) {
  documentDeclaredAnswers(app);
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

/**
 * The answers a /v1 route gives because of how it is declared, documented here once instead of on
 * every route: 400 when it validates input (the error handler's validation answer), 401 and 438 when
 * its access level requires a signed-in user (http/route-access.ts) and its module does not list
 * these itself. A route's own description of a status wins.
 */
function documentDeclaredAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide || !route.url.startsWith('/v1/')) return;
    const response = (schema.response ??= {}) as Record<string, unknown>;
    if (schema.body || schema.querystring || schema.params || schema.headers) {
      response[400] ??= apiErrorBodySchema.describe(
        "Invalid input: Bad_Request_Text or the invalid field's key (field names it, fields lists every one)",
      );
    }
    if (requiresSignIn(route.config?.access) && route.config.signInAnswers !== 'module') {
      response[401] ??= apiErrorBodySchema.describe(
        'Not signed in (Not_Authorized), not verified (Email_Verify_Failed) or disabled (Account_Disabled)',
      );
      response[438] ??= apiErrorBodySchema.describe(
        "User_Does_Not_Exist_On_This_Platform: the account belongs to another brand's platform",
      );
    }
  });
}
