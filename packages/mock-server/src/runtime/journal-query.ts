import type { AnswerOf, BodyOf, ErrorEnvelope, OperationName } from '@session-library/schemas'
import type { JournalEntry } from './journal.js'

/**
 * Which journal entries `MockApi.requests` gives: all of one operation, method or status (every
 * field given must match).
 */
export interface RequestFilter<Name extends OperationName = OperationName> {
  operation?: Name
  /** The method, in any case. */
  method?: string
  /** The answer's status (0: a dropped connection). */
  status?: number
}

/**
 * A journal entry of one operation: `request.body` typed as the operation's body, `answer.body` as
 * its answer or an error envelope.
 */
export type JournalEntryOf<Name extends OperationName> = Omit<JournalEntry, 'operation' | 'request' | 'answer'> & {
  operation: Name
  request: {
    headers: Record<string, string>
    body?: [BodyOf<Name>] extends [never] ? undefined : BodyOf<Name>
    truncated?: true
  }
  answer: { body?: AnswerOf<Name> | ErrorEnvelope; truncated?: true }
}

/** Whether an entry matches a filter: every field given must. */
export function matches(
  entry: { operation?: OperationName; method: string; statusCode: number },
  filter: RequestFilter,
): boolean {
  return (
    (filter.operation === undefined || entry.operation === filter.operation) &&
    (filter.method === undefined || entry.method.toUpperCase() === filter.method.toUpperCase()) &&
    (filter.status === undefined || entry.statusCode === filter.status)
  )
}
