import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {} from 'fastify';
import { errorResponses, mergeErrorResponses } from '../../../../contract/api/common.ts';
import { validationFailed } from '../../errors.ts';

export const API_PREFIX = '/api/v1';
const PUBLIC_PREFIX = `${API_PREFIX}/public/`;
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

/**
 * Route schemas are zod schemas: a request they refuse is the same 400 ValidationFailed as parse() gives
 * (one error shape, whatever did the checking). Used in the /api/v1 scope only; the identity provider and the
 * static files keep fastify's own JSON-schema compiler.
 */
const zodValidator: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const r = schema.safeParse(data);
  return r.success ? { value: r.data } : { error: validationFailed(r.error.issues) };
};

/**
 * Response schemas describe the answers in the OpenAPI document; answers are written as they are (plain
 * JSON), so a field the document does not name yet is never dropped from a response.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A body the handler validates itself, after loading the record the path names: a foreign or malformed id
     * is then 404 whatever the body holds. Documented like schema.body.
     */
    bodyCheckedAfterLookup?: z.ZodType;
  }
}

export function useZodSchemas(api: FastifyInstance) {
  api.setValidatorCompiler(zodValidator);
  api.setSerializerCompiler(plainJson);
}

/** The parameters of a path whose route declares none: each named, as text. */
function pathParams(url: string) {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

/** What can go wrong on any API route, besides what the route itself declares. */
function withCommonErrors(url: string, response: Record<string, unknown> = {}) {
  const isPublic = url.startsWith(PUBLIC_PREFIX) || url === OPENAPI_PATH;
  const common = isPublic
    ? errorResponses('ValidationFailed', 'InvalidJson', 'NotFound', 'RateLimited', 'Unknown')
    : errorResponses('ValidationFailed', 'InvalidJson', 'NoToken', 'Unauthorized', 'NotFound', 'Unknown');
  return mergeErrorResponses(common, response);
}

/**
 * The OpenAPI document of /api/v1, generated from the route schemas as the routes register (swagger's onRoute
 * hook): every route with its parameters, bodies, responses and error keys. Other routes (identity provider,
 * dashboard and widget files, health) are not part of the API and are left out.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Chatbot Studio API',
        version: '1',
        description:
          'Resources speak the ra-data-simple-rest dialect (sort, range and filter as JSON in the query; lists answer ' +
          'a JSON array and Content-Range). Every failure answers { error, message, details } with one of the error keys.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url, route, ...rest }) => {
      if (!url.startsWith(`${API_PREFIX}/`) || url === OPENAPI_PATH) return { schema: { ...schema, hide: true }, url };
      const isPublic = url.startsWith(PUBLIC_PREFIX);
      const resource = url.slice(API_PREFIX.length + 1).split('/')[isPublic ? 1 : 0];
      const documented: FastifySchema & Record<string, unknown> = {
        tags: [isPublic ? 'public' : resource],
        ...(isPublic ? {} : { security: [{ bearer: [] }] }),
        ...schema,
        params: schema?.params ?? pathParams(url),
        ...(route.config?.bodyCheckedAfterLookup ? { body: route.config.bodyCheckedAfterLookup } : {}),
        response: withCommonErrors(url, schema?.response as Record<string, unknown> | undefined),
      };
      return jsonSchemaTransform({ schema: documented, url, route, ...rest } as Parameters<typeof jsonSchemaTransform>[0]);
    },
  });
}

/** GET /api/v1/openapi.json: the document, no sign-in needed. */
export function registerOpenApiRoute(api: FastifyInstance) {
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}
