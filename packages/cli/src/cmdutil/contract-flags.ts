// The lazily loaded part of the command line (see contract.ts): the contract's main entry, named
// export by export (a namespace import would keep all of zod in the bundle), and the flags of the
// fields the contract derives from its schemas.

import {
  type FieldKind,
  KNOWN_KINDS,
  KNOWN_STATUSES,
  type Operation,
  type OperationField,
  operationFields,
} from '@session-library/schemas'
import { spell } from '@session-library/schemas/client'
import type { Flag } from './flags.js'

export { checkInput, endpoints, matchOperation, type Operation, queryInput, textOf } from '@session-library/schemas'

/** One field of an operation's query or body as a flag (`--variant-id` for `variantId`). */
export interface FieldFlag extends OperationField {
  readonly flag: string
}

export function contractFlags(operation: Operation): FieldFlag[] {
  return operationFields(operation).map((field) => ({ ...field, flag: spell(field.field) }))
}

/** Each kind's placeholder in help, and a value of it for an example. */
export const KIND_VALUES: Record<FieldKind, readonly [placeholder: string, example: string]> = {
  string: ['<text>', 'text'],
  digits: ['<number>', '1'],
  number: ['<number>', '1'],
  integer: ['<integer>', '1'],
  boolean: ['', ''],
  strings: ['<text>', 'a,b'],
  json: ['<json|@file|->', '@file.json'],
}

// Values the API is known to use where a field takes any text: completion offers them.
const KNOWN: Record<string, readonly string[]> = { kind: KNOWN_KINDS, daw: KNOWN_KINDS, status: KNOWN_STATUSES }

/**
 * The flags of derived fields, described in the contract's words: a boolean may be negated
 * (`--no-recent`), a list repeated or comma-separated, an enum completed, a JSON value read from a file.
 */
export function flagsOf(fields: readonly FieldFlag[]): Record<string, Flag> {
  const flags: Record<string, Flag> = {}
  for (const field of fields) {
    const what = field.description ?? `${field.location === 'query' ? 'Query' : 'Body'} field ${field.field}`
    const text = [field.required ? 'required' : '', field.rule].filter(Boolean).join('; ')
    const description = `${what}${text ? ` (${text})` : ''}.`
    if (field.kind === 'boolean') {
      const negated = `--${field.flag} false or --no-${field.flag} sends false.`
      flags[field.flag] = { type: 'boolean', spacedValue: true, description: `${description} ${negated}` }
      continue
    }
    // Said once: a field's own text may already say how a list is given.
    const said = /comma-separated/i.test(description)
    const list = field.kind === 'strings' && !said ? ' Comma-separated, or repeat the flag.' : ''
    flags[field.flag] = {
      type: 'string',
      multiple: field.kind === 'strings',
      value: KIND_VALUES[field.kind][0],
      description: `${description}${list}`,
      ...((field.choices ?? KNOWN[field.field]) && { choices: field.choices ?? KNOWN[field.field] }),
      ...(field.field === 'tags' && { complete: 'tags' as const }),
      ...(field.field === 'variantId' && { complete: 'variants' as const }),
      ...(field.kind === 'json' && { file: true }),
    }
  }
  return flags
}
