/**
 * A 2xx answer's JSON Schema as the serializer needs it: its shape only. fast-json-stringify picks an
 * `anyOf`/`oneOf` branch by validating the value with Ajv, whose formats (`uri`, `email`) and patterns
 * are not zod's: a contact zod accepted (`https://shop.example/contact us`) matched no branch, so a
 * setting was saved and then every answer carrying it was a 500. The request schema already decided
 * what a value may be; the answer only has to be shaped, so every keyword that only constrains a value
 * is dropped here. What stays: types, properties, items, required, const and enum (a discriminated
 * union's branches differ by those) and references.
 */

/** Keywords that constrain a value without shaping its JSON. */
const CONSTRAINTS = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
  'propertyNames',
]);
/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas. */
const SCHEMA = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema without its value constraints, at every level (a new object; the input is left as it is). */
export function shapeOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOnly);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (CONSTRAINTS.has(keyword)) continue;
    if (SCHEMA.has(keyword) || SCHEMA_LIST.has(keyword)) out[keyword] = shapeOnly(value);
    else if (SCHEMA_MAP.has(keyword) && isObject(value))
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, shapeOnly(inner)]));
    else out[keyword] = value;
  }
  return out;
}
