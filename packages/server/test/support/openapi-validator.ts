import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The contract, read from the file (not from the server under test). */
export const OPENAPI_PATH = fileURLToPath(new URL('../../../../openapi.json', import.meta.url));

interface HeaderSpec {
  required?: boolean;
  schema?: { type?: string; minimum?: number };
}

interface Doc {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components: { responses: Record<string, unknown>; headers: Record<string, HeaderSpec> };
}

const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (a: Ajv2020) => Ajv2020;
addFormats(ajv);
ajv.addSchema(doc as object, 'openapi.json');

const compiled = new Map<string, ValidateFunction>();
function validatorFor(pointer: string): ValidateFunction {
  let fn = compiled.get(pointer);
  if (!fn) {
    fn = ajv.compile({ $ref: `openapi.json#${pointer}` });
    compiled.set(pointer, fn);
  }
  return fn;
}

const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface ResolvedResponse {
  schemaPointer: string;
  headers: Record<string, HeaderSpec>;
}

/** The contract's path for a request path: itself, or the template it fills (`/api/check/async/{check_id}`). */
function templateOf(path: string): string {
  if (doc.paths[path]) return path;
  const segments = path.split('/');
  const template = Object.keys(doc.paths).find((candidate) => {
    const parts = candidate.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (/^\{\w+\}$/.test(part) ? (segments[i] ?? '') !== '' : part === segments[i]))
    );
  });
  return template ?? path;
}

function resolveResponse(requestPath: string, method: string, status: number): ResolvedResponse | string {
  const path = templateOf(requestPath);
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation?.responses) {
    // Not an operation of the contract (unknown route, wrong method): every error has the ErrorBody shape.
    return status >= 400
      ? { schemaPointer: '/components/schemas/ErrorBody', headers: {} }
      : `no operation ${method} ${path}`;
  }
  let response = operation.responses[String(status)] as { $ref?: string } | undefined;
  if (!response) return `${method} ${path} does not declare status ${status}`;
  let pointer = `/paths/${pointerSegment(path)}/${method.toLowerCase()}/responses/${status}`;
  if (response.$ref) {
    const name = response.$ref.split('/').pop() ?? '';
    response = doc.components.responses[name] as { $ref?: string } | undefined;
    pointer = `/components/responses/${pointerSegment(name)}`;
  }
  const content = (response as { content?: Record<string, unknown> } | undefined)?.content;
  if (!content?.['application/json']) return `${method} ${path} ${status} has no JSON body`;
  const headers: Record<string, HeaderSpec> = {};
  const declared = (response as { headers?: Record<string, { $ref?: string } & HeaderSpec> }).headers ?? {};
  for (const [name, spec] of Object.entries(declared)) {
    headers[name.toLowerCase()] = spec.$ref
      ? (doc.components.headers[spec.$ref.split('/').pop() ?? ''] ?? {})
      : spec;
  }
  return { schemaPointer: `${pointer}/content/application~1json/schema`, headers };
}

const HUMAN_PAGES: ReadonlySet<string> = new Set(['/', '/docs']);
// The applicant's link (issue 35): pages for people at /r/<token>, 404 and 410 included.
const APPLICANT_PAGE = /^\/r\//;

/**
 * Checks a response against the contract: the body against the schema of path + method + status, and
 * the declared headers (required ones present, integer ones integers). Returns the problems found.
 */
export function contractProblems(
  path: string,
  method: string,
  status: number,
  headers: Headers,
  body: unknown,
): string[] {
  // Pages for people, outside the contract: the landing page and the API reference (HTML).
  if (HUMAN_PAGES.has(path) && (method === 'GET' || method === 'HEAD') && status === 200) {
    return headers.get('x-request-id') ? [] : ['missing header x-request-id'];
  }
  const html = (headers.get('content-type') ?? '').startsWith('text/html');
  if (APPLICANT_PAGE.test(path) && html && status < 500) {
    return headers.get('x-request-id') ? [] : ['missing header x-request-id'];
  }
  const resolved = resolveResponse(path, method, status);
  if (typeof resolved === 'string') return [resolved];
  const problems: string[] = [];
  const validate = validatorFor(resolved.schemaPointer);
  if (!validate(body)) {
    problems.push(`body: ${ajv.errorsText(validate.errors)}`);
  }
  for (const [name, spec] of Object.entries(resolved.headers)) {
    const value = headers.get(name);
    if (value === null) {
      if (spec.required) problems.push(`missing header ${name}`);
      continue;
    }
    if (spec.schema?.type === 'integer') {
      if (!/^\d+$/.test(value)) problems.push(`header ${name} is not an integer: ${value}`);
      else if (spec.schema.minimum !== undefined && Number(value) < spec.schema.minimum) {
        problems.push(`header ${name} is below ${spec.schema.minimum}`);
      }
    }
  }
  if (!headers.get('x-request-id')) problems.push('missing header x-request-id');
  return problems;
}

/** For answers outside any operation (Node's HTTP parser refusing a request): the ErrorBody shape. */
export function errorBodyProblems(body: unknown): string[] {
  const validate = validatorFor('/components/schemas/ErrorBody');
  return validate(body) ? [] : [ajv.errorsText(validate.errors)];
}

/** Problems of `value` against a named schema of the contract (webhook event bodies, say). */
export function schemaProblems(schema: string, value: unknown): string[] {
  const validate = validatorFor(`/components/schemas/${schema}`);
  return validate(value) ? [] : [ajv.errorsText(validate.errors)];
}
