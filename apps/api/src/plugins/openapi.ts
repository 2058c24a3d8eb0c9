import fp from 'fastify-plugin';
import type { FastifySchema } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@app/contracts';
import { authLevelOf, type AuthLevel } from './auth.ts';
import { SAFE_METHODS, XSRF_COOKIE, XSRF_HEADER } from './xsrf.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only, for a route that reads a multipart form itself (admin/read-form.ts): what
     * its field `file` takes, the form's text `fields`, and the `json` body it takes instead when
     * `consumes` lists application/json (default: `fields`). Never validated by Fastify.
     */
    upload?: { file: string; fields?: z.ZodObject; json?: z.ZodObject };
    /**
     * Documentation only: 4xx answers the route gives beyond those its auth level, method and
     * inputs imply (describeErrors below), e.g. 429 when rate limited, 409 for an idempotency key in flight.
     */
    errorStatuses?: readonly ErrorStatus[];
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 417 | 422 | 429 | 503;

/**
 * The envelope every 4xx and 503 carries (plugins/errors.ts), once in the document's components; a 422
 * always lists its field errors.
 */
const ERROR_SCHEMAS = {
  ErrorEnvelope: z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0' }),
  ValidationErrorEnvelope: z.toJSONSchema(errorEnvelope.required({ errors: true }), { target: 'openapi-3.0' }),
};

const ERROR_ANSWERS: Record<ErrorStatus, { description: string; schema: keyof typeof ERROR_SCHEMAS }> = {
  400: {
    description: 'Bad request: a malformed URL or body, or a request refused as it stands (message says why)',
    schema: 'ErrorEnvelope',
  },
  401: { description: 'No valid bearer token', schema: 'ErrorEnvelope' },
  403: {
    description: 'Forbidden: X-XSRF-TOKEN does not echo the XSRF-TOKEN cookie, or the account may not do this',
    schema: 'ErrorEnvelope',
  },
  404: { description: 'Not found', schema: 'ErrorEnvelope' },
  409: { description: 'Conflict: the same Idempotency-Key is still being answered', schema: 'ErrorEnvelope' },
  417: { description: 'The email address is not verified yet', schema: 'ErrorEnvelope' },
  422: { description: 'Invalid input: errors lists the messages per field', schema: 'ValidationErrorEnvelope' },
  429: { description: 'Too many requests: try again after Retry-After seconds', schema: 'ErrorEnvelope' },
  503: {
    description:
      'Busy: the database gave up on the transaction (a deadlock); nothing changed, send it again after Retry-After',
    schema: 'ErrorEnvelope',
  },
};

interface RouteFacts {
  auth: AuthLevel;
  /** A non-GET request that plugins/xsrf.ts checks. */
  xsrf: boolean;
  /** A non-GET request: it writes in a transaction, which PostgreSQL may give up on (503, plugins/errors.ts). */
  writes: boolean;
  hasInput: boolean;
  hasPathParams: boolean;
}

/** The 4xx (and 503) a route can give from how it is reached, plus those it names itself. */
function describeErrors(facts: RouteFacts, extra: readonly ErrorStatus[] = []): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, ...extra]);
  if (facts.hasInput) statuses.add(422);
  if (facts.auth !== 'public') statuses.add(401);
  if (facts.auth === 'verified' || facts.auth === 'admin') statuses.add(417);
  if (facts.auth === 'admin' || facts.xsrf) statuses.add(403);
  if (facts.hasPathParams) statuses.add(404);
  if (facts.writes) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Bearer where plugins/auth.ts asks for a token, unless the route says otherwise (a token or a signed link). */
function describeSecurity(facts: RouteFacts, declared: FastifySchema['security']): FastifySchema['security'] {
  return declared ?? (facts.auth === 'public' ? undefined : [{ bearer: [] }]);
}

/**
 * The XSRF pair plugins/xsrf.ts checks, as a required parameter of each kind: header and cookie
 * parameters rather than a security scheme, so `security` keeps saying which operations need a token.
 */
function withRequired(part: Record<string, unknown> | undefined, name: string, description: string) {
  return {
    type: 'object',
    ...part,
    properties: { ...(part?.properties as object | undefined), [name]: { type: 'string', description } },
    required: [...((part?.required as string[] | undefined) ?? []), name],
  };
}
const XSRF_DESCRIPTION =
  `Every request other than GET, HEAD and OPTIONS (payment webhooks aside) sends the ${XSRF_COOKIE} cookie ` +
  `and echoes its value in ${XSRF_HEADER}, else 403. The server sets the cookie on any answer to a request without one ` +
  '(e.g. GET /healthz); browsers send it back by themselves.';

/**
 * A multipart form: the text fields and the binary `file`. The file is required in a form of nothing
 * else; beside fields it depends on them (a chapter's file_type, an ad's url), which the description says.
 */
function formBody(
  upload: NonNullable<FastifySchema['upload']>,
  fields: Record<string, unknown> | undefined,
  json: unknown,
  jsonToo: boolean,
) {
  const required = [...((fields?.required as string[] | undefined) ?? []), ...(fields ? [] : ['file'])];
  const form = {
    ...fields,
    type: 'object',
    properties: {
      ...(fields?.properties as object | undefined),
      file: { type: 'string', format: 'binary', description: upload.file },
    },
    ...(required.length > 0 ? { required } : {}),
  };
  return {
    content: {
      'multipart/form-data': { schema: form },
      ...(jsonToo && json ? { 'application/json': { schema: json } } : {}),
    },
  };
}

/** A route without a 2xx schema answers a file or a page: its `produces`, else any type. */
function successBody(produces: readonly string[] | undefined) {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return { description: 'Success', content: Object.fromEntries((produces ?? ['*/*']).map((type) => [type, binary])) };
}

/**
 * The per-route transform: zod schemas to JSON Schema (fastify-type-provider-zod), then what every
 * operation shares, worked out here once rather than written in each route. The error answers are
 * added to the document only: the route's own response schemas, which the serializer uses, stay
 * as they are, so no error answer is reshaped or stripped.
 */
function transformFor(prefix: string): SwaggerTransform {
  return (document) => {
    const { upload, errorStatuses, ...schema } = (document.schema ?? {}) as FastifySchema;
    const { route } = document;
    const method = [route.method].flat()[0] ?? 'GET';
    const facts: RouteFacts = {
      auth: authLevelOf({ url: route.url, auth: route.config?.auth, prefix }),
      xsrf: !SAFE_METHODS.has(method) && route.config?.xsrf !== false,
      writes: !SAFE_METHODS.has(method),
      hasInput: Boolean(schema.body || schema.querystring || schema.params || upload),
      hasPathParams: /[:*]/.test(route.url),
    };
    const toJson = (part: FastifySchema) => jsonSchemaTransform({ ...document, schema: part } as never).schema;
    const transformed = toJson(schema);
    if (transformed.hide) return { schema: transformed, url: document.url };
    const response: Record<string, unknown> = { ...(transformed.response as Record<string, unknown> | undefined) };
    if (!Object.keys(response).some((status) => status.startsWith('2'))) response[200] = successBody(schema.produces);
    for (const status of describeErrors(facts, errorStatuses)) {
      const { description, schema: name } = ERROR_ANSWERS[status];
      response[status] = {
        description,
        ...(status === 429 || status === 503
          ? {
              headers: {
                'retry-after': { type: 'integer', description: 'Seconds to wait before sending the request again' },
              },
            }
          : {}),
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
      };
    }
    const jsonToo = Boolean(upload && schema.consumes?.includes('application/json'));
    const formJson = upload?.json ?? upload?.fields;
    const body = upload
      ? formBody(
          upload,
          upload.fields && (toJson({ body: upload.fields }).body as Record<string, unknown>),
          formJson && toJson({ body: formJson }).body,
          jsonToo,
        )
      : transformed.body;
    const security = describeSecurity(facts, schema.security);
    const xsrf = facts.xsrf
      ? {
          headers: withRequired(
            transformed.headers as Record<string, unknown> | undefined,
            XSRF_HEADER,
            XSRF_DESCRIPTION,
          ),
          cookies: withRequired(undefined, XSRF_COOKIE, `The cookie ${XSRF_HEADER} echoes.`),
        }
      : {};
    return {
      schema: { ...transformed, response, body, ...xsrf, ...(security ? { security } : {}) },
      url: document.url,
    };
  };
}

/**
 * The OpenAPI document (app.swagger()) and its UI at /docs. app.ts registers this before the routes
 * (the document is built from the routes registered after) and only where API_DOCS allows it.
 */
export const openapiPlugin = fp<{ title: string; prefix: string }>(async (app, { title, prefix }) => {
  await app.register(swagger, {
    openapi: {
      info: { title, version: '1.0.0' },
      components: {
        // zod's JSON Schema type is wider than the document's; these are OpenAPI 3.0 schemas (the target above).
        schemas: ERROR_SCHEMAS as never,
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /register or POST /login.' },
        },
      },
    },
    transform: transformFor(prefix),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
