import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate the routes; browsable at /api/docs. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PitchIn API',
        version: '1.0.0',
        description: 'Community volunteering: events, RSVPs, ratings, messages and the Volunteer Journey.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: '__Host-pitchin_session',
            description: 'The session cookie over HTTPS; over plain HTTP (local use) it is named pitchin_session.',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation is public; registered before swagger-ui so its routes get the flag.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), isPublic: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}

export default fp(openapiPlugin, { name: 'openapi' });
