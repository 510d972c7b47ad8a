import type * as z from 'zod/mini'

// Reads zod's own definitions, so that the rules below follow the contract's schemas as they are
// instead of a second list of which field lives where.
interface Definition {
  type: string
  shape?: Record<string, z.ZodMiniType>
  element?: z.ZodMiniType
  innerType?: z.ZodMiniType
  in?: z.ZodMiniType
}

/** The definition zod keeps of a schema: its type and what it wraps or holds. */
export const definitionOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Definition } })._zod.def

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional'])

/**
 * The schema one wrapper (optional, nullable, default) or a pipe holds, as its input; `undefined`
 * for a schema that wraps nothing.
 */
export function unwrapped(schema: z.ZodMiniType): z.ZodMiniType | undefined {
  const definition = definitionOf(schema)
  if (WRAPPERS.has(definition.type)) return definition.innerType
  return definition.type === 'pipe' ? definition.in : undefined
}

/** The schema under its wrappers (optional, nullable, default) and pipes. */
export function core(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema
  for (let inner = unwrapped(current); inner; inner = unwrapped(current)) current = inner
  return current
}

function child(schema: z.ZodMiniType, key: PropertyKey): z.ZodMiniType | undefined {
  const definition = definitionOf(core(schema))
  if (definition.type === 'array') return typeof key === 'number' ? definition.element : undefined
  return definition.type === 'object' && typeof key === 'string' ? definition.shape?.[key] : undefined
}

/** Whether the field at `path` of `schema` is optional (e.g. health's `lastError`). */
export function isOptionalAt(schema: z.ZodMiniType, path: readonly PropertyKey[]): boolean {
  let current: z.ZodMiniType | undefined = schema
  for (const key of path) current = current && child(current, key)
  return current !== undefined && definitionOf(current).type === 'optional'
}

/** The value at `path` of a parsed JSON body; `undefined` when a step is missing. */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/**
 * Calls `visit` for every object of `value` that `schema` reads with an object schema, with that
 * schema and the object's path: each list element, each nested object.
 */
export function walkObjects(
  schema: z.ZodMiniType,
  value: unknown,
  visit: (schema: z.ZodMiniType, object: Record<string, unknown>, path: PropertyKey[]) => void,
  path: PropertyKey[] = [],
): void {
  if (typeof value !== 'object' || value === null) return
  const inner = core(schema)
  const definition = definitionOf(inner)
  if (definition.type === 'array' && Array.isArray(value) && definition.element) {
    const element = definition.element
    value.forEach((item, index) => {
      walkObjects(element, item, visit, [...path, index])
    })
  }
  if (definition.type !== 'object' || Array.isArray(value)) return
  const object = value as Record<string, unknown>
  visit(inner, object, path)
  for (const [key, field] of Object.entries(definition.shape ?? {}))
    walkObjects(field, object[key], visit, [...path, key])
}
