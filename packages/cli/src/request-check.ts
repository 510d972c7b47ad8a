import { UsageError } from '@session-library/internal'
import type { Operation } from '@session-library/schemas'
import type { OperationName } from '@session-library/schemas/client'
import { contract } from './contract.js'
import type { OperationInput } from './request-input.js'

type Schema = NonNullable<Operation['body']>

// The query as the server reads it (URLSearchParams, as the contract's `queryInput`): every value a
// string, a list one string per value.
function asSent(query: Record<string, unknown>): Record<string, string | string[]> {
  const sent: Record<string, string | string[]> = {}
  for (const [key, value] of Object.entries(query)) {
    const values = (Array.isArray(value) ? value : [value]).map(String)
    if (values.length > 0) sent[key] = values.length === 1 ? (values[0] as string) : values
  }
  return sent
}

/**
 * Checks a request before it is sent: an empty path parameter, and against the contract's exact
 * query and body schemas a missing required field, a bad number or an unknown enum value is a usage error (exit 2) in the
 * contract's words, and nothing is sent. Without the contract's main entry loaded (a read given no
 * contract flag, so with an empty query), there is nothing to check.
 *
 * @example `checkRequest('sessions.create', { params: {}, body: {} }, ['sessions', 'create']) // throws: title: …`
 */
export function checkRequest(name: OperationName, input: OperationInput, words: readonly string[]): void {
  const loaded = contract()
  if (!loaded) return
  const { query, body } = loaded.endpoints[name] as { query?: Schema; body?: Schema }
  const problems: string[] = []
  const check = (schema: Schema | undefined, value: unknown) => {
    const result = schema?.safeParse(value)
    if (result && !result.success) problems.push(loaded.formatIssues(result.error.issues))
  }
  if (input.query) check(query, asSent(input.query))
  if (input.body) check(body, input.body)
  if (problems.length > 0) throw new UsageError(problems.join('; '), words)
}
