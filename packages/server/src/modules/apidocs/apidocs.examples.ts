/** A JSON Schema as the OpenAPI 3.1 document holds it (draft 2020-12, generated from the zod contract). */
export type JsonSchema = { [keyword: string]: unknown };

/** Strings tried, in order, against a `pattern` the schema declares; the first that matches is the example. */
const patternCandidates = ['example', 'example-1', 'EXAMPLE1', 'ab', 'AB', '12:30', 'deadbeef', 'QUJD', 'host.example.com', 'key-1', 'Example', 'ada@example.com'];

const formatExamples: Record<string, string> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  date: '2026-01-15',
  'date-time': '2026-01-15T09:30:00Z',
  email: 'ada@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  hostname: 'host.example.com',
};

/**
 * An example value that the schema accepts: the contract's own `examples`/`example`/`default` when it declares
 * one, otherwise a value built from the types, formats, patterns and bounds. `refs` resolves
 * `#/components/schemas/*`; `depth` stops recursive schemas.
 */
export function exampleOf(schema: JsonSchema | undefined, refs: Record<string, JsonSchema>, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (typeof schema.$ref === 'string') return exampleOf(refs[schema.$ref.split('/').at(-1)!], refs, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const keyword of ['example', 'const', 'default'] as const) if (keyword in schema) return schema[keyword];
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword] as JsonSchema[] | undefined;
    if (options) return exampleOf(options.find((o) => o.type !== 'null') ?? options[0], refs, depth + 1);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => exampleOf(s, refs, depth + 1)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return objectExample(schema, refs, depth);
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: Math.min(count, Number(schema.maxItems ?? count)) }, () => exampleOf(schema.items as JsonSchema, refs, depth + 1));
    }
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return numberExample(schema, type);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.properties ? objectExample(schema, refs, depth) : null;
  }
}

function objectExample(schema: JsonSchema, refs: Record<string, JsonSchema>, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const example = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, exampleOf(property, refs, depth + 1)]));
  // A record (z.record): its required keys, or else one key its propertyNames admit.
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') {
    const named = (schema.propertyNames as JsonSchema | undefined)?.enum as string[] | undefined;
    const keys = (schema.required as string[] | undefined) ?? (Object.keys(example).length === 0 ? [named?.[0] ?? 'name'] : []);
    for (const key of keys) if (!(key in example)) example[key] = exampleOf(extra as JsonSchema, refs, depth + 1);
  }
  return example;
}

function stringExample(schema: JsonSchema): string {
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  // Validators read patterns with and without the `u` flag (Spectral's without): the example must pass both.
  const fits = (s: string) => s.length >= min && s.length <= max && (typeof schema.pattern !== 'string' || matchesEverywhere(schema.pattern, s));
  const format = typeof schema.format === 'string' ? formatExamples[schema.format] : undefined;
  const candidates = [format, ...patternCandidates, ...patternCandidates.map((c) => c.padEnd(min, '1'))].filter((c): c is string => c !== undefined);
  return candidates.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

function numberExample(schema: JsonSchema, type: string): number {
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : Number(schema.minimum ?? 1);
  const high = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : Number(schema.maximum ?? Infinity);
  const value = Math.min(Math.max(low, 1), high);
  return type === 'integer' ? Math.ceil(value) : value;
}

function matchesEverywhere(pattern: string, value: string): boolean {
  const withoutUnicode = (() => {
    try {
      return new RegExp(pattern);
    } catch {
      return null; // only valid with the `u` flag: nothing to check without it
    }
  })();
  return new RegExp(pattern, 'u').test(value) && (withoutUnicode?.test(value) ?? true);
}
