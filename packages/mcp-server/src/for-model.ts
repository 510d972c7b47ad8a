import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server'
import { withoutRuleIds, z } from '@session-library/schemas'

type Json = Record<string, unknown>

// What JSON Schema says anyway (`additionalProperties: {}` allows any value, as no keyword does) or
// cannot say better than the type (a maximum of 2^53−1) is dropped; texts are read by a model. So
// are patterns: each rule they hold is in the field's text, in words a model reads better than the
// regex of a trimmed length, and the server checks every argument with the contract's own schemas.
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact)
  if (node === null || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema' || key === 'pattern') continue
    if (key === 'additionalProperties' && typeof value === 'object' && value && Object.keys(value).length === 0)
      continue
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue
    if (key === 'description' && typeof value === 'string') out[key] = withoutRuleIds(value)
    else out[key] = key === 'properties' ? mapValues(value as Json) : compact(value)
  }
  return out
}

const mapValues = (properties: Json) =>
  Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, compact(value)]))

/** The JSON Schema a client is shown for `schema`, compacted for a model (see {@link compact}). */
export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  return compact(z.toJSONSchema(schema, { io, unrepresentable: 'any' })) as Json
}

/**
 * A schema that checks as `check` does but shows `json` as its JSON Schema: how the MCP SDK, which
 * asks a Standard Schema for its JSON Schema, lists what {@link jsonSchemaOf} made.
 */
export function showing(check: z.ZodMiniType, json: () => Json): StandardSchemaWithJSON {
  return { '~standard': { ...check['~standard'], jsonSchema: { input: json, output: json } } }
}
