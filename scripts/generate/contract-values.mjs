// The contract's values as code, read from openapi.json: the enums the packages list (error codes,
// purposes, checker types) and the HTTP status of each error code, taken from the error responses' examples (an example answering with status S
// and an ErrorBody whose error.code is C says C travels with S). Throws when a code has no status or
// more than one, so a contract that stops saying it fails the generation instead of shipping a guess.

function resolve(spec, node) {
  const ref = node?.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((at, key) => at?.[key], spec);
}

function statusesByCode(spec) {
  const found = new Map();
  for (const item of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, ref] of Object.entries(operation?.responses ?? {})) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const examples = resolve(spec, ref)?.content?.['application/json']?.examples ?? {};
        for (const example of Object.values(examples)) {
          const code = resolve(spec, example)?.value?.error?.code;
          if (typeof code !== 'string') continue;
          if (!found.has(code)) found.set(code, new Set());
          found.get(code).add(Number(status));
        }
      }
    }
  }
  return found;
}

function enumOf(spec, name) {
  const values = spec.components?.schemas?.[name]?.enum;
  if (!Array.isArray(values) || values.length === 0) throw new Error(`openapi.json: ${name} has no enum`);
  return values;
}

/** An enum schema as a readonly tuple of its values, typed against the generated schema type. */
function enumConstant(spec, constant, schema, doc) {
  return [
    `/** ${doc} */`,
    `export const ${constant} = [`,
    ...enumOf(spec, schema).map((value) => `  '${value}',`),
    `] as const satisfies readonly Schemas['${schema}'][];`,
    '',
  ];
}

/** The TypeScript module `packages/contract/src/generated/contract-values.ts`, from the parsed contract. */
export function contractValuesModule(spec, header, typesFrom = './openapi.js') {
  const codes = enumOf(spec, 'ErrorCode');
  const found = statusesByCode(spec);
  const rows = codes.map((code) => {
    const statuses = [...(found.get(code) ?? [])];
    if (statuses.length !== 1) {
      throw new Error(
        `openapi.json: error code ${code} is the example of ${statuses.length} error statuses (${statuses.join(', ') || 'none'}); it needs exactly one`,
      );
    }
    return `  ${code}: ${statuses[0]},`;
  });
  return [
    header,
    `import type { components } from '${typesFrom}';`,
    '',
    "type Schemas = components['schemas'];",
    '',
    ...enumConstant(spec, 'ERROR_CODES', 'ErrorCode', 'Every error code of the contract, in its order.'),
    "/** The HTTP status of the response carrying each code, from the contract's error examples. */",
    "export const STATUS_BY_CODE: Readonly<Record<Schemas['ErrorCode'], number>> = {",
    ...rows,
    '};',
    '',
    ...enumConstant(
      spec,
      'PURPOSES',
      'Purpose',
      "Why an immigration status is checked, in the contract's order.",
    ),
    ...enumConstant(spec, 'CHECKER_TYPES', 'CheckerType', 'Who makes a right-to-rent check.'),
  ].join('\n');
}
