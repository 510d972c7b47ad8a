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

const METADATA = new Set(['describe', 'meta'])
const describesOnly = (check: Node) => METADATA.has(check._zod.def.check as string)

const built = new WeakMap<object, Check>()

/**
 * A fast check built from a schema: true when `schema.safeParse(value)` succeeds and gives `value`
 * back as it is (nothing trimmed, dropped or filled in), without building the output or an issue. The
 * schema's own checks decide: one rule set. Built once per schema, on first use.
 *
 * @example
 * ```ts
 * import { acceptsAsIs, writtenSession } from '@session-library/schemas'
 * acceptsAsIs(writtenSession)({ ...record, tags: ['a', 'a'] }) // false: a write keeps one 'a'
 * ```
 */
export function acceptsAsIs(schema: z.ZodMiniType): (value: unknown) => boolean {
  const check = built.get(schema) ?? build(schema as unknown as Node)
  built.set(schema, check)
  return check
}

// A schema that is also a check (a string format) runs itself first, as zod does.
const checksOf = (schema: Node): Node[] =>
  [...(schema._zod.traits.has('$ZodCheck') ? [schema] : []), ...(schema._zod.def.checks ?? [])].filter(
    (check) => !describesOnly(check),
  )

function build(schema: Node): Check {
  const base = baseOf(schema)
  const checks = checksOf(schema)
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

// `objectOf`'s check as code for one shape, each field checked in place; `undefined` where code cannot be
// made (a CSP without 'unsafe-eval', a Cloudflare worker): the loop runs there.
function unrolled(
  shape: [string, Node][],
  checks: Check[],
  optional: boolean[],
  onlyKnown: (record: Record<string, unknown>, present: number) => boolean,
): Check | undefined {
  const constants: unknown[] = []
  const constant = (value: unknown) => `k[${constants.push(value) - 1}]`
  let names = 0
  const fail = (test: string) => `if (${test}) return false;`
  const called = (check: Check, value: string) => fail(`!${constant(check)}(${value})`)
  // Statements that return false unless the variable named `value` passes `schema`.
  const inline = (schema: Node, value: string): string => {
    const { def } = schema._zod
    const own = checksOf(schema).map((check) => {
      const { check: kind, fn, when } = check._zod.def as { check?: string; fn?: unknown; when?: unknown }
      // A refinement passes when its function says so (zod's `custom` check, without a `when`).
      if (kind === 'custom' && typeof fn === 'function' && !when) return fail(`!${constant(fn)}(${value})`)
      const run = `${constant(check._zod.check)}(P); if (P.issues.length !== 0 || P.value !== ${value}) { P.issues.length = 0; return false }`
      return `P.value = ${value}; ${when ? `if (${constant(when)}(P)) { ${run} }` : run}`
    })
    const base = (): string => {
      switch (def.type) {
        case 'string':
          return fail(`typeof ${value} !== 'string'`)
        case 'number':
          return fail(`typeof ${value} !== 'number' || !Number.isFinite(${value})`)
        case 'boolean':
          return fail(`typeof ${value} !== 'boolean'`)
        case 'literal':
        case 'enum':
          return fail(`!${constant(schema._zod.values)}.has(${value})`)
        case 'optional':
          return `if (${value} !== undefined) { ${inline(def.innerType as Node, value)} }`
        case 'array': {
          const [item, at] = [`e${names}`, `i${names++}`]
          return `${fail(`!Array.isArray(${value})`)} for (let ${at} = 0; ${at} < ${value}.length; ${at}++) { const ${item} = ${value}[${at}]; ${inline(def.element as Node, item)} }`
        }
        case 'pipe': {
          const out = def.out as Node
          const after = out._zod.def.type === 'transform' ? called(transformOf(out), value) : inline(out, value)
          return `${inline(def.in as Node, value)} ${after}`
        }
        default:
          return called(acceptsAsIs(schema as unknown as z.ZodMiniType), value)
      }
    }
    return [base(), ...own].join(' ')
  }
  const fields = shape.map(([key, field], at) => {
    const name = JSON.stringify(key)
    const absent = optional[at] ? '' : called(checks[at] as Check, 'v')
    return `v = r[${name}]; if (v === undefined) { ${absent} if (Object.hasOwn(r, ${name})) p++ } else { ${inline(field, 'v')} p++ }`
  })
  const body = `return (r) => {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return false
    let p = 0, v
    ${fields.join('\n')}
    return onlyKnown(r, p)
  }`
  try {
    return new Function('k', 'P', 'onlyKnown', body)(constants, { value: undefined, issues: [] }, onlyKnown)
  } catch {
    return undefined
  }
}

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
