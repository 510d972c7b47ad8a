import { toJSONSchema, type z } from 'zod/mini'
import type { Operation } from './contract/operation.js'

type JsonSchema = {
  type?: string
  anyOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  default?: unknown
  pattern?: string
  description?: string
  enum?: unknown[]
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  minimum?: number
}

/** How a field's value is given (`digits`: a whole number the query sends as typed; `strings`: a text list). */
export type FieldKind = 'string' | 'digits' | 'number' | 'integer' | 'boolean' | 'strings' | 'json'

/** One field of an operation's query or body: a new field of the contract is a new CLI flag and MCP tool input. */
export interface OperationField {
  readonly field: string
  readonly location: 'query' | 'body'
  readonly kind: FieldKind
  readonly required: boolean
  /** What the field is, in words for people (its schema's description). */
  readonly description: string | undefined
  /** What the contract says of its values: constraints, default, the shape of JSON values. */
  readonly rule: string
  /** The values it takes, when the contract lists them (an enum). */
  readonly choices: readonly string[] | undefined
  /** Takes null (`--notes null` sends null, which clears them). */
  readonly nullable: boolean
}

const isStrings = (schema: JsonSchema) =>
  schema.type === 'string' || (schema.type === 'array' && schema.items?.type === 'string')

// Whether a query field's pattern takes each text of `yes` and none of `no`.
function takes(schema: JsonSchema, yes: string[], no: string[]): boolean {
  if (schema.type !== 'string' || schema.pattern === undefined) return false
  const pattern = new RegExp(schema.pattern)
  return yes.every((text) => pattern.test(text)) && !no.some((text) => pattern.test(text))
}

const variantsOf = (schema: JsonSchema) => (schema.anyOf ?? [schema]).filter((variant) => variant.type !== 'null')

function kindOf(schema: JsonSchema): FieldKind {
  // The text of a boolean (`recent=true`) makes a boolean flag: `--recent`, `--no-recent`.
  if (takes(schema, ['true', 'false'], ['maybe'])) return 'boolean'
  // Decimal digits (`limit=50`): sent as typed, so the server's rule judges it (D9), but a number for people.
  if (takes(schema, ['1', '42'], ['a', '-1'])) return 'digits'
  const variants = variantsOf(schema)
  if (variants.some((variant) => variant.type === 'array') && variants.every(isStrings)) return 'strings'
  const type = variants.length === 1 ? variants[0]?.type : undefined
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' ? type : 'json'
}

const range = (min: number | undefined, max: number | undefined, unit: string) => {
  const upper = max !== undefined && max < Number.MAX_SAFE_INTEGER ? max : undefined
  if (min !== undefined && upper !== undefined) return `${min}–${upper} ${unit}`
  if (min !== undefined && min > 0) return `at least ${min} ${unit}`
  return upper === undefined ? '' : `at most ${upper} ${unit}`
}

function shapeOf(schema: JsonSchema): string {
  const item = schema.items ?? schema
  const fields = Object.keys(item.properties ?? {})
    .filter((name) => (item.properties?.[name]?.type ?? '') !== '')
    .map((name) => (item.required?.includes(name) ? `${name}*` : name))
  const object = `{${fields.join(', ')}}`
  return schema.type === 'array' ? `JSON array of ${object}` : `JSON ${object}`
}

function mainOf(schema: JsonSchema, kind: FieldKind): { main: JsonSchema; item: JsonSchema } {
  const variants = variantsOf(schema)
  const main = variants[0] ?? schema
  const item = kind === 'strings' ? (variants.find((variant) => variant.type === 'array')?.items ?? main) : main
  return { main, item }
}

const nullable = (schema: JsonSchema) => (schema.anyOf ?? []).some((variant) => variant.type === 'null')

// The rules JSON Schema states (the description says the rest in words; a raw pattern helps nobody).
function ruleOf(schema: JsonSchema, kind: FieldKind): string {
  const { main, item } = mainOf(schema, kind)
  const each = kind === 'strings' ? 'each ' : ''
  const length = range(item.minLength, item.maxLength, 'characters')
  const parts = [
    kind === 'json' ? shapeOf(main) : '',
    item.enum ? `one of ${item.enum.join(', ')}` : '',
    length && !item.description ? `${each}${length}` : '',
    range(main.minItems, main.maxItems, 'items'),
    main.minimum !== undefined ? `≥ ${main.minimum}` : '',
    nullable(schema) ? 'or null' : '',
    schema.default !== undefined && schema.default !== '' ? `default ${JSON.stringify(schema.default)}` : '',
  ]
  return parts.filter(Boolean).join('; ')
}

const RULE_IDS = /\s*\((?:(?:SPEC §[\d.]+|DECISIONS|D\d+(?:[–-]D\d+)?)(?:,\s*|\s+)?)+\)/g
const SPEC_REFERENCE = /\s*\(?SPEC §[\d.]+\)?/g

/**
 * A text of the contract without the rule ids it cites for its maintainers (`(D6)`,
 * `(SPEC §4.3, DECISIONS D9–D11)`): they mean nothing to a person reading help, nor to a model
 * reading a tool list, where each costs tokens.
 */
export const withoutRuleIds = (text: string): string => text.replace(RULE_IDS, '').replace(SPEC_REFERENCE, '').trim()

const forPeople = (text: string | undefined) =>
  text === undefined ? undefined : withoutRuleIds(text).replace(/\.$/, '')

function fieldsOf(schema: z.ZodMiniType | undefined, location: OperationField['location']): OperationField[] {
  if (!schema) return []
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return Object.entries(json.properties ?? {}).map(([field, property]) => {
    const kind = kindOf(property)
    const { item } = mainOf(property, kind)
    return {
      field,
      location,
      kind,
      required: json.required?.includes(field) ?? false,
      description: forPeople(property.description ?? item.description),
      rule: ruleOf(property, kind),
      choices: item.enum?.map(String),
      nullable: nullable(property),
    }
  })
}

/**
 * The fields of an operation's query and body, from the JSON Schema of its exact schemas' input side
 * (what a client sends), each with its kind, text and rules in words: the CLI's flags, the MCP tools' inputs.
 *
 * @example
 * ```ts
 * import { endpoints, operationFields } from '@session-library/schemas'
 * operationFields(endpoints['sessions.list']).find((field) => field.field === 'limit')?.kind // 'digits'
 * ```
 */
export function operationFields(operation: Operation): OperationField[] {
  return [...fieldsOf(operation.query, 'query'), ...fieldsOf(operation.body, 'body')]
}
