import type { Effect } from './contract/operation.js'
import { type OperationName, routes } from './contract/routes.js'

/** The parts of a call the rule reads: its path parameters and body. */
export interface LossInput {
  readonly params?: Readonly<Record<string, string>>
  readonly body?: Readonly<Record<string, unknown>> | undefined
}

/** What the rule reads first. */
export interface LossReader {
  /** The session as it is now: its title for the question, its tags and notes for what would be lost. */
  session(id: string): Promise<{ readonly title: string; readonly tags: readonly string[]; readonly notes: string }>
}

type Current = Awaited<ReturnType<LossReader['session']>>
type Body = LossInput['body']
type Clause = {
  /** Whether the body does what the effect is about at all (no read needed to know). */
  touches(body: Body): boolean
  /** What it would remove that the request does not name, as a clause; undefined when nothing. */
  removes(body: Body, now: Current): string | undefined
}

const cleared = (body: Body) => body?.notes === '' || body?.notes === null

const CLAUSES: Record<Exclude<Effect, 'session'>, Clause> = {
  // A tag list replaces the whole list (D6): the tags it leaves out are the ones lost.
  tags: {
    touches: (body) => Array.isArray(body?.tags),
    removes(body, now) {
      const wanted = (body?.tags ?? []) as unknown[]
      const lost = now.tags.filter((tag) => !wanted.includes(tag))
      return lost.length > 0 ? `remove the tags ${lost.join(', ')}` : undefined
    },
  },
  // "" or null clears the notes (D7); a text replaces them, which is what was asked for.
  notes: { touches: cleared, removes: (_, now) => (now.notes !== '' ? 'clear the notes' : undefined) },
  // The lane has no read operation (SPEC §4.12): any note of it the request does not carry may be lost.
  lane: {
    touches: (body) => Array.isArray(body?.notes),
    removes: () => 'replace the waveform notes (those not in this request are removed)',
  },
}

const named = (title: string, id: string) => `session “${title.length > 60 ? `${title.slice(0, 59)}…` : title}” (${id})`

/** Whether an operation can remove data (it declares an effect), so that a tool is marked destructive. */
export const mayLoseData = (name: OperationName): boolean => routes[name].loses.length > 0

/**
 * The question to ask before a call that would remove data its request does not name (DECISIONS D6,
 * D7, D14): a delete, a tag list that leaves tags out, notes set to "" or null, a lane replaced;
 * `undefined` when it removes nothing unnamed. The CLI asks it on a terminal, the MCP server by elicitation.
 *
 * @example
 * ```ts
 * import { lossQuestion } from '@session-library/schemas/client'
 * await lossQuestion('sessions.update', { params: { id: 'ses_1' }, body: { notes: '' } }, reader)
 * // 'Clear the notes of session “Night Drive” (ses_1)?'
 * ```
 */
export async function lossQuestion(
  name: OperationName,
  input: LossInput,
  read: LossReader,
): Promise<string | undefined> {
  const { loses } = routes[name]
  const id = input.params?.id
  if (loses.length === 0 || id === undefined) return undefined
  if (loses.includes('session')) return `Delete ${named((await read.session(id)).title, id)}?`
  const touched = loses.flatMap((effect) =>
    effect !== 'session' && CLAUSES[effect].touches(input.body) ? [CLAUSES[effect]] : [],
  )
  if (touched.length === 0) return undefined
  const now = await read.session(id)
  const clauses = touched.flatMap((clause) => clause.removes(input.body, now) ?? [])
  if (clauses.length === 0) return undefined
  const said = clauses.join(' and ')
  return `${said[0]?.toUpperCase()}${said.slice(1)} of ${named(now.title, id)}?`
}
