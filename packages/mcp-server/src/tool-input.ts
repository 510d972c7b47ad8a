import {
  checkInput,
  type Operation,
  type OperationField,
  type OperationName,
  operationFields,
  operationParamNames,
  z,
} from '@session-library/schemas'

/** A call's parts as the SDK takes them, split from a tool's flat arguments. */
export interface CallParts {
  params: Record<string, string>
  query?: Record<string, string | readonly string[]>
  body?: Record<string, unknown>
}

const described = <T extends z.ZodMiniType>(schema: T, text: string | undefined) =>
  text ? schema.check(z.describe(text)) : schema

// A query field as an assistant gives it: a number, a boolean, a list; the SDK sends it as text and
// the contract judges the text (D9).
function queryField(field: OperationField): z.ZodMiniType {
  const typed =
    field.kind === 'digits'
      ? z.int().check(z.minimum(0))
      : field.kind === 'boolean'
        ? z.boolean()
        : field.kind === 'strings'
          ? z.array(z.string())
          : field.choices
            ? z.enum(field.choices as [string, ...string[]])
            : z.string()
  const text = [field.description, field.rule].filter(Boolean).join('; ')
  return z.optional(described(typed, text || undefined))
}

export const ID = described(z.string().check(z.minLength(1)), "The session's id, as sessions_list gives it.")

/**
 * A tool's input schema: the path parameters, the query's fields (typed) and the body's fields as
 * the contract's own schemas, in one flat object.
 */
export function toolInput(operation: Operation): z.ZodMiniObject {
  const shape: Record<string, z.ZodMiniType> = {}
  for (const name of operationParamNames(operation.name as OperationName)) shape[name] = ID
  for (const field of operationFields(operation).filter((field) => field.location === 'query'))
    shape[field.field] = queryField(field)
  const body = (operation.body as z.ZodMiniObject | undefined)?.def.shape ?? {}
  for (const [name, schema] of Object.entries(body)) {
    if (name in shape) throw new TypeError(`${operation.name}: ${name} is both a parameter and a body field`)
    shape[name] = schema as z.ZodMiniType
  }
  return z.strictObject(shape)
}

/**
 * Splits a tool's arguments into the parts of the call and checks the query with the contract
 * (`checkInput`): its message, or the parts.
 */
export function callParts(operation: Operation, args: Record<string, unknown>): CallParts | { problem: string } {
  const params = Object.fromEntries(
    operationParamNames(operation.name as OperationName).map((name) => [name, String(args[name])]),
  )
  const queryNames = new Set(operationFields(operation).flatMap((f) => (f.location === 'query' ? [f.field] : [])))
  const query: Record<string, string | readonly string[]> = {}
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(args)) {
    if (name in params || value === undefined) continue
    if (queryNames.has(name)) query[name] = Array.isArray(value) ? value.map(String) : String(value)
    else body[name] = value
  }
  if (operation.query) {
    const checked = checkInput(operation, 'query', query)
    if (!checked.ok) return { problem: checked.message }
  }
  return { params, ...(operation.query && { query }), ...(operation.body && { body }) }
}
