import type { Route } from '@session-library/schemas/client'

type Def = { type?: string; shape?: Record<string, unknown>; element?: { def: Def } }

/**
 * The fields of an operation's answer `data` (of each element, for a list), from the contract's
 * tolerant answer schema: what `--fields` may name, optional fields included.
 *
 * @example `answerFields(routes['tagCounts.list']) // ['tag', 'count']`
 */
export function answerFields(route: Route): string[] | undefined {
  const envelope = route.answer.tolerant as unknown as { def: { shape?: { data?: { def: Def } } } }
  const data = envelope.def.shape?.data?.def
  const record = data?.type === 'array' ? data.element?.def : data
  return record?.shape ? Object.keys(record.shape) : undefined
}
