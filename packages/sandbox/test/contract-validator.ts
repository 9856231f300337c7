// Validates HTTP answers and webhook bodies against openapi.json with a real JSON Schema 2020-12
// validator. Written for the sandbox's tests and meant to be reused by the server's: nothing here
// knows about the sandbox.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import formatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`: depending on the loader the default import is the
// plugin itself or the module holding it.
const addFormats: FormatsPlugin =
  typeof formatsModule === 'function' ? formatsModule : (formatsModule as { default: FormatsPlugin }).default;

const DOCUMENT_ID = 'https://sharecode.invalid/openapi.json';

export type JsonObject = Record<string, unknown>;

export interface ContractAnswer {
  method: string;
  /** The contract's path template, e.g. `/api/check/async/{check_id}`. */
  path: string;
  status: number;
  body: unknown;
  /** Response headers; when given, the headers the contract marks required are checked too. */
  headers?: Headers;
}

export interface ContractVerdict {
  ok: boolean;
  /** Readable problems, empty when ok. */
  errors: string[];
}

export interface ContractValidator {
  readonly document: JsonObject;
  /** Validates an answer against the response the contract declares for method, path and status. */
  validateResponse(answer: ContractAnswer): ContractVerdict;
  /** Validates a value against `#/components/schemas/<name>`. */
  validateSchema(name: string, value: unknown): ContractVerdict;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
  );
}

// Follows a local `$ref` ("#/components/responses/X") to the object and its JSON pointer.
function follow(document: JsonObject, pointer: string): { value: unknown; pointer: string } {
  let current: unknown = document;
  let path = pointer;
  for (let hops = 0; hops < 10; hops++) {
    current = document;
    for (const raw of path.replace(/^#\//, '').split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      current = isObject(current) ? current[key] : undefined;
    }
    if (isObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
      path = current.$ref;
      continue;
    }
    return { value: current, pointer: path };
  }
  return { value: undefined, pointer: path };
}

function headerValueProblem(name: string, value: string, schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  if (schema.type === 'integer') {
    if (!/^\d+$/.test(value)) return `header ${name} must be a whole number, got ${JSON.stringify(value)}`;
    if (typeof schema.minimum === 'number' && Number(value) < schema.minimum)
      return `header ${name} is too small`;
  }
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    return `header ${name} does not match ${schema.pattern}: ${JSON.stringify(value)}`;
  }
  if (typeof schema.minLength === 'number' && value.length < schema.minLength)
    return `header ${name} is too short`;
  if ('const' in schema && schema.const !== value)
    return `header ${name} must be ${JSON.stringify(schema.const)}`;
  return undefined;
}

/** Builds a validator over a parsed OpenAPI 3.1 document (default: the repository's openapi.json). */
export function createContractValidator(document?: JsonObject): ContractValidator {
  const doc =
    document ??
    (JSON.parse(
      readFileSync(fileURLToPath(new URL('../../../openapi.json', import.meta.url)), 'utf8'),
    ) as JsonObject);
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateSchema: false });
  addFormats(ajv);
  // OpenAPI's own keywords inside schemas carry no validation.
  ajv.addKeyword('example');
  ajv.addKeyword('discriminator');
  // The document's root is compiled when a `$ref` points inside it: its OpenAPI fields are not keywords.
  for (const key of Object.keys(doc)) if (!key.startsWith('$') && !ajv.getKeyword(key)) ajv.addKeyword(key);
  // The whole document is added once so every `$ref` inside it resolves; only pointed-at parts compile.
  ajv.addSchema({ ...doc, $id: DOCUMENT_ID }, undefined, undefined, false);
  const compiled = new Map<string, ValidateFunction>();

  function validatorAt(pointer: string): ValidateFunction {
    const known = compiled.get(pointer);
    if (known) return known;
    const fn = ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
    compiled.set(pointer, fn);
    return fn;
  }

  function run(pointer: string, value: unknown): ContractVerdict {
    const fn = validatorAt(pointer);
    return fn(value) ? { ok: true, errors: [] } : { ok: false, errors: formatErrors(fn.errors) };
  }

  return {
    document: doc,
    validateSchema(name, value) {
      return run(`#/components/schemas/${pointerSegment(name)}`, value);
    },
    validateResponse({ method, path, status, body, headers }) {
      const opPointer = `#/paths/${pointerSegment(path)}/${method.toLowerCase()}`;
      const operation = follow(doc, opPointer).value;
      if (!isObject(operation) || !isObject(operation.responses)) {
        return { ok: false, errors: [`the contract has no operation ${method.toUpperCase()} ${path}`] };
      }
      const responses = operation.responses;
      const statusKey = [String(status), `${String(status).charAt(0)}XX`, 'default'].find((key) =>
        Object.hasOwn(responses, key),
      );
      if (statusKey === undefined) {
        return { ok: false, errors: [`${method.toUpperCase()} ${path} declares no ${status} response`] };
      }
      const response = follow(doc, `${opPointer}/responses/${pointerSegment(statusKey)}`);
      if (!isObject(response.value))
        return { ok: false, errors: [`response ${statusKey} cannot be resolved`] };
      const errors: string[] = [];
      const content = response.value.content;
      if (isObject(content) && isObject(content['application/json'])) {
        const verdict = run(`${response.pointer}/content/application~1json/schema`, body);
        errors.push(...verdict.errors);
      } else if (body !== undefined && body !== null && body !== '') {
        errors.push(`response ${statusKey} declares no JSON body, but one was sent`);
      }
      if (headers && isObject(response.value.headers)) {
        for (const name of Object.keys(response.value.headers)) {
          const header = follow(doc, `${response.pointer}/headers/${pointerSegment(name)}`).value;
          if (!isObject(header)) continue;
          const value = headers.get(name);
          if (value === null) {
            if (header.required === true) errors.push(`required header ${name} is missing`);
            continue;
          }
          const problem = headerValueProblem(name, value, header.schema);
          if (problem) errors.push(problem);
        }
      }
      return { ok: errors.length === 0, errors };
    },
  };
}
