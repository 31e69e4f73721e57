import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { matchesIfNoneMatch, sendNotModified } from '../lib/not-modified';

type Coding = 'br' | 'gzip' | 'identity';

const DOCUMENT_ROUTES = { '/api/docs/json': 'json', '/api/docs/yaml': 'yaml' } as const;
const CONTENT_TYPES = { json: 'application/json; charset=utf-8', yaml: 'application/x-yaml' } as const;
// Brotli at quality 5, once: the 1.15 MB document to 15.1 kB in 70 ms, where quality 11 took 329 ms for 13.6 kB.
const ENCODERS = {
  br: (bytes: Buffer) => brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (bytes: Buffer) => gzipSync(bytes),
  identity: (bytes: Buffer) => bytes,
} satisfies Record<Coding, (bytes: Buffer) => Buffer>;

/** The document's bytes, and each coding of them the first time a client asks for it. */
class EncodedDocument {
  readonly etag: string;
  private readonly codings = new Map<Coding, Buffer>();

  constructor(private readonly identity: Buffer) {
    this.etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  }

  bytes(coding: Coding): Buffer {
    let bytes = this.codings.get(coding);
    if (!bytes) {
      bytes = ENCODERS[coding](this.identity);
      this.codings.set(coding, bytes);
    }
    return bytes;
  }
}

/** RFC 9110 Accept-Encoding: the best coding the client takes (q above 0, or `*`), Brotli first. */
export function chooseCoding(header: string | undefined): Coding {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    if (name) weights.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

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

  // The document is over a megabyte of JSON (2.5 MB as YAML). swagger-ui's own routes serialize and compress it
  // for every request: 100–300 ms of CPU each on the two-core machine, on a route anyone may call, so a few
  // requests a second kept a core busy. It is serialized and compressed once, on its first request, and sent
  // as those bytes from then on, with an ETag for the browser's cache.
  const documents: Partial<Record<'json' | 'yaml', EncodedDocument>> = {};
  const sendDocument = async (request: FastifyRequest, reply: FastifyReply) => {
    const kind = DOCUMENT_ROUTES[request.routeOptions.url as keyof typeof DOCUMENT_ROUTES];
    if (!kind) return;
    const document = (documents[kind] ??= new EncodedDocument(
      Buffer.from(kind === 'json' ? JSON.stringify(app.swagger()) : app.swagger({ yaml: true })),
    ));
    reply.header('etag', document.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], document.etag)) return sendNotModified(reply);
    const coding = chooseCoding(request.headers['accept-encoding']);
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.type(CONTENT_TYPES[kind]).send(document.bytes(coding));
  };
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    uiHooks: { onRequest: sendDocument },
  });
}

export default fp(openapiPlugin, { name: 'openapi' });
