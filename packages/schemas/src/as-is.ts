import { config, type z } from 'zod/mini'
import { isRecord } from './json-text.js'

type Check = (value: unknown) => boolean
type Payload = { value: unknown; issues: unknown[] }
// The parts of zod's schema and check objects read here (zod 4's `_zod`, the same for every schema).
type Node = {
  _zod: {
    def: Record<string, unknown> & { type: string; checks?: Node[]; when?: (payload: Payload) => boolean }
    traits: Set<string>
    values?: Set<unknown>
    optin?: string
    check?: (payload: Payload) => unknown
  }
}

// Checks that only describe a schema (for the document) and never refuse a value.
const METADATA = new Set(['describe', 'meta'])
const describesOnly = (check: Node) => METADATA.has(check._zod.def.check as string)

const built = new WeakMap<object, Check>()

/**
 * A fast exact check built from a schema: true when `schema.safeParse(value)` succeeds and gives
 * `value` back as it is (deeply equal: nothing trimmed, dropped or filled in), without building the
 * output or an issue. The schema's own checks and transforms decide, so there is one rule set; for
 * the issues of a value it refuses, parse it with the schema. Built once per schema, on first use.
 *
 * @example
 * ```ts
 * import { acceptsAsIs, writtenSession } from '@session-library/schemas'
 * acceptsAsIs(writtenSession)({ ...record, tags: ['a', 'a'] }) // false: a write keeps one 'a'
 * ```
 */
export function acceptsAsIs(schema: z.ZodMiniType): (value: unknown) => boolean {
  let check = built.get(schema)
  if (check === undefined) {
    check = build(schema as unknown as Node)
    built.set(schema, check)
  }
  return check
}

function build(schema: Node): Check {
  const { def, traits } = schema._zod
  const base = baseOf(schema)
  // A schema that is also a check (a number or string format) runs itself first, as zod does.
  const checks = [...(traits.has('$ZodCheck') ? [schema] : []), ...(def.checks ?? [])].filter(
    (check) => !describesOnly(check),
  )
  if (checks.length === 0) return base
  // Read once here: each check object has its own shape, and reading them per value is slow.
  const runs = checks.map((check) => check._zod.check as (payload: Payload) => unknown)
  const whens = checks.map((check) => check._zod.def.when)
  const payload: Payload = { value: undefined, issues: [] }
  return (value) => {
    if (!base(value)) return false
    payload.value = value
    for (let at = 0; at < runs.length; at++) {
      const when = whens[at]
      if (when && !when(payload)) continue
      ;(runs[at] as (payload: Payload) => unknown)(payload)
      if (payload.issues.length > 0 || payload.value !== value) {
        payload.issues.length = 0
        return false
      }
    }
    return true
  }
}

function baseOf(schema: Node): Check {
  const { def } = schema._zod
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string'
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value)
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'literal':
    case 'enum': {
      const values = schema._zod.values as Set<unknown>
      return (value) => values.has(value)
    }
    case 'optional': {
      const inner = build(def.innerType as Node)
      return (value) => value === undefined || inner(value)
    }
    case 'array': {
      const element = build(def.element as Node)
      return (value) => {
        if (!Array.isArray(value)) return false
        for (let at = 0; at < value.length; at++) if (!element(value[at])) return false
        return true
      }
    }
    case 'object':
      return objectOf(def)
    case 'pipe': {
      const into = build(def.in as Node)
      const out = def.out as Node
      const after = out._zod.def.type === 'transform' ? transformOf(out) : build(out)
      return (value) => into(value) && after(value)
    }
    default:
      throw new TypeError(`acceptsAsIs: a ${def.type} schema is not supported`)
  }
}

function objectOf(def: Node['_zod']['def']): Check {
  const shape = Object.entries(def.shape as Record<string, Node>)
  const keys = shape.map(([key]) => key)
  const checks = shape.map(([, field]) => build(field))
  const optional = shape.map(([, field]) => field._zod.optin === 'optional')
  const catchall = def.catchall as Node | undefined
  const type = catchall?._zod.def.type
  // zod's object without a catchall drops unknown keys (not as is); `never` refuses them.
  const other: Check | undefined = catchall === undefined || type === 'never' ? undefined : build(catchall)
  const known = new Set(keys)
  // Every own key a known one: counting them is cheaper than looking each up.
  const onlyKnown = (record: Record<string, unknown>, present: number) => {
    let count = 0
    for (const _ in record) count++
    if (count === present) return true
    return other !== undefined && Object.keys(record).every((key) => known.has(key) || other(record[key]))
  }
  const fast = config().jitless ? undefined : unrolled(shape, checks, optional, onlyKnown)
  if (fast) return fast
  return (record) => {
    if (!isRecord(record)) return false
    let present = 0
    for (let at = 0; at < keys.length; at++) {
      const field = record[keys[at] as string]
      if (field === undefined) {
        if (!(optional[at] || (checks[at] as Check)(field))) return false
        if (Object.hasOwn(record, keys[at] as string)) present++
      } else if ((checks[at] as Check)(field)) present++
      else return false
    }
    return onlyKnown(record, present)
  }
}

/**
 * The loop of `objectOf` unrolled into code for one shape, unless zod's `jitless` is set: each
 * field read by its name, a field that is only a string checked in place; a third faster over many
 * records. `undefined` where code cannot be made (a Content-Security-Policy without
 * 'unsafe-eval', a Cloudflare worker): the loop runs there.
 */
function unrolled(
  shape: [string, Node][],
  checks: Check[],
  optional: boolean[],
  onlyKnown: (record: Record<string, unknown>, present: number) => boolean,
): Check | undefined {
  const fields = shape.map(([key, field], at) => {
    const name = JSON.stringify(key)
    const absent = optional[at] ? '' : `if (!c[${at}](v)) return false; `
    const test = onlyString(field) ? "typeof v === 'string'" : `c[${at}](v)`
    return `v = r[${name}]; if (v === undefined) { ${absent}if (Object.hasOwn(r, ${name})) p++ } else if (${test}) p++; else return false`
  })
  const body = `return (r) => {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return false
    let p = 0, v
    ${fields.join('\n')}
    return onlyKnown(r, p)
  }`
  try {
    return new Function('c', 'onlyKnown', body)(checks, onlyKnown)
  } catch {
    return undefined
  }
}

const onlyString = (schema: Node) =>
  schema._zod.def.type === 'string' &&
  !schema._zod.traits.has('$ZodCheck') &&
  (schema._zod.def.checks ?? []).every(describesOnly)

function transformOf(schema: Node): Check {
  const transform = schema._zod.def.transform as (value: unknown, payload: Payload) => unknown
  const payload: Payload = { value: undefined, issues: [] }
  return (value) => {
    payload.value = value
    const out = transform(value, payload)
    if (payload.issues.length === 0) return sameJson(out, value)
    payload.issues.length = 0
    return false
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, at) => sameJson(item, b[at]))
  const keys = Object.keys(a)
  return (
    !Array.isArray(b) &&
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJson((a as never)[key], (b as never)[key]))
  )
}
