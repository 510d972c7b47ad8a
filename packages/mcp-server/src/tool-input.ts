import {
  checkInput,
  fieldPath,
  ISSUE_WORDING,
  issueLines,
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

// The least whole number the contract takes for a digits field (`limit` 1, `offset` 0): asked of the
// contract, so that the schema a model reads says what the server accepts.
const least = (operation: Operation, field: string) => (checkInput(operation, 'query', { [field]: '0' }).ok ? 0 : 1)

// A query field as an assistant gives it: a number, a boolean, a list; the SDK sends it as text and
// the contract judges the text. An enum lists its values itself, so its rule is not said again.
function queryField(operation: Operation, field: OperationField): z.ZodMiniType {
  const typed =
    field.kind === 'digits'
      ? z.int().check(z.minimum(least(operation, field.field)), z.maximum(Number.MAX_SAFE_INTEGER))
      : field.kind === 'boolean'
        ? z.boolean()
        : field.kind === 'strings'
          ? z.array(z.string())
          : field.choices
            ? z.enum(field.choices as [string, ...string[]])
            : z.string()
  const text = [field.description, field.choices ? '' : field.rule].filter(Boolean).join('; ')
  return z.optional(described(typed, text || undefined))
}

export const ID = described(z.string().check(z.minLength(1)), "A session's id, from sessions_list.")

/**
 * A tool's input schema: the path parameters, the query's fields (typed) and the body's fields as
 * the contract's own schemas, in one flat object.
 */
export function toolInput(operation: Operation): z.ZodMiniObject {
  const shape: Record<string, z.ZodMiniType> = {}
  for (const name of operationParamNames(operation.name as OperationName)) shape[name] = ID
  for (const field of operationFields(operation).filter((field) => field.location === 'query'))
    shape[field.field] = queryField(operation, field)
  const body = (operation.body as z.ZodMiniObject | undefined)?.def.shape ?? {}
  for (const [name, schema] of Object.entries(body)) {
    if (name in shape) throw new TypeError(`${operation.name}: ${name} is both a parameter and a body field`)
    shape[name] = schema as z.ZodMiniType
  }
  return z.strictObject(shape)
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`)

// zod words a value outside an enum "Invalid input", and a missing or mistyped one with what it
// received: the allowed values, "is missing" and what it must be say more, as the contract does.
function issueLine(issue: z.core.$ZodIssue, input: z.ZodMiniObject, args: object): string[] {
  if (issue.code === 'invalid_value')
    return [`${fieldPath(issue.path, '', 'input')}: must be one of ${issue.values.map(String).join(', ')}`]
  if (issue.code === 'invalid_type' && issue.path.length === 1 && !(String(issue.path[0]) in args))
    return [`${String(issue.path[0])}: ${ISSUE_WORDING.missing}`]
  if (issue.code === 'invalid_type')
    return [`${fieldPath(issue.path, '', 'input')}: must be ${article(issue.expected)}`]
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number')
    return [
      `${fieldPath(issue.path, '', 'input')}: must be ${issue.code === 'too_small' ? `≥ ${issue.minimum}` : `≤ ${issue.maximum}`}`,
    ]
  if (issue.code === 'unrecognized_keys' && issue.path.length === 0)
    return issue.keys.map(
      (key) => `${key}: is not an argument of this tool (${Object.keys(input.def.shape).join(', ')})`,
    )
  return issueLines([issue], '', 'input')
}

/**
 * A tool's arguments checked against its input schema: the parsed arguments, or a message naming each
 * field and what it takes (a tool error the model can act on, not the protocol's dump of issues).
 */
export function checkArgs(
  input: z.ZodMiniObject,
  args: unknown,
): { args: Record<string, unknown> } | { problem: string } {
  const given = args ?? {}
  const parsed = z.safeParse(input, given)
  if (parsed.success) return { args: parsed.data as Record<string, unknown> }
  return { problem: parsed.error.issues.flatMap((issue) => issueLine(issue, input, given)).join('; ') }
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
