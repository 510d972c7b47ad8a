// A check-only pass compiled once from a tolerant answer schema: on a valid answer (nearly every
// one) it spares zod's parse, which copies every object; zod still runs on anything it cannot
// vouch for, and so words every failure. Only what the tolerant schemas use is compiled; any other
// node (a check, a nullable, a pipe) hands the value to zod.
type Check = (value: unknown) => boolean

interface Def {
  type: string
  checks?: readonly unknown[]
  shape?: Record<string, Schema>
  catchall?: Schema
  element?: Schema
  innerType?: Schema
}
interface Schema {
  _zod: { def: Def }
}

const ASK_ZOD: Check = () => false
const isString: Check = (value) => typeof value === 'string'
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value)
const isBoolean: Check = (value) => typeof value === 'boolean'

function objectCheck(shape: Record<string, Schema>): Check {
  const keys = Object.keys(shape)
  const checks = keys.map((key) => compile(shape[key] as Schema))
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
    const record = value as Record<string, unknown>
    for (let index = 0; index < keys.length; index += 1) {
      if (!(checks[index] as Check)(record[keys[index] as string])) return false
    }
    return true
  }
}

function arrayCheck(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return false
    for (let index = 0; index < value.length; index += 1) if (!item(value[index])) return false
    return true
  }
}

function compile(schema: Schema): Check {
  const def = schema._zod.def
  if (def.checks?.length) return ASK_ZOD
  switch (def.type) {
    case 'string':
      return isString
    case 'number':
      return isNumber
    case 'boolean':
      return isBoolean
    case 'array':
      return arrayCheck(compile(def.element as Schema))
    case 'optional': {
      const inner = compile(def.innerType as Schema)
      return (value) => value === undefined || inner(value)
    }
    case 'object':
      // Unknown keys pass only where the schema keeps them (`looseObject`: a catchall of unknown).
      return def.catchall?._zod.def.type === 'unknown' ? objectCheck(def.shape ?? {}) : ASK_ZOD
    default:
      return ASK_ZOD
  }
}

const compiled = new WeakMap<object, Check>()

/**
 * Whether `value` certainly passes `schema` unchanged (zod would return an equal copy): true
 * means zod can be skipped; false means ask zod, which decides and words the issues.
 *
 * @example `if (!passes(route.answer.tolerant, body)) route.answer.tolerant.parse(body)`
 */
export function passes(schema: object, value: unknown): boolean {
  let check = compiled.get(schema)
  if (!check) {
    check = compile(schema as Schema)
    compiled.set(schema, check)
  }
  return check(value)
}
