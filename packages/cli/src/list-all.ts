import { LIMITS } from '@session-library/schemas'
import type { Context } from './command.js'
import type { OperationCall } from './request-input.js'
import { wholeNumber } from './whole-number.js'

/**
 * `sessions list --all`: every page through the SDK's `iterate`, each session printed as it comes,
 * so that memory stays flat however long the list. Pages are of `--limit` sessions (default the
 * largest the API allows, D9), starting at `--offset`.
 *
 * @example `await listAll(call, context)`
 */
export async function listAll(call: OperationCall, context: Context): Promise<void> {
  const query = (call.input.query ?? {}) as Record<string, unknown>
  const limit = wholeNumber(query.limit, 'limit') ?? LIMITS.listLimitMax
  const offset = wholeNumber(query.offset, 'offset') ?? 0
  const client = await context.client()
  await context.output.stream(client.sessions.iterate({ ...query, limit, offset }), call.columns)
}
