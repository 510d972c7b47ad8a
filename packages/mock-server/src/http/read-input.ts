import { nestedDeeperThan, TOO_DEEP } from '@session-library/internal'
import { checkInput, type Operation } from '@session-library/schemas'
import type * as z from 'zod/mini'
import { ApiError } from './api-error.js'
import type { RequestView } from './request-view.js'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** A body nested past the one JSON depth limit: refused before anything parses it, naming the limit. */
export function refuseTooDeep(bytes: Uint8Array): void {
  if (nestedDeeperThan(bytes)) throw new ApiError('invalid_json', `Request body ${TOO_DEEP}.`)
}

/** A body that is no JSON text, or no UTF-8 at all: D4's "Request body must be valid JSON." */
function parseJson(bytes: Uint8Array): unknown {
  refuseTooDeep(bytes)
  try {
    return JSON.parse(decoder.decode(bytes))
  } catch {
    throw new ApiError('invalid_json')
  }
}

const checked = (operation: Operation, part: 'query' | 'body', input: unknown): unknown => {
  const result = checkInput(operation, part, input)
  if (!result.ok) throw new ApiError('invalid_json', result.message)
  return result.value
}

/**
 * The operation's query and body through the contract's one request check (D4), or its 400. The
 * mock's own: the 413 (the request view's) and the text of a body that does not parse.
 */
export async function readInput(
  operation: Operation,
  request: RequestView,
): Promise<{ query: unknown; body: unknown }> {
  const query = checked(operation, 'query', request.url.searchParams)
  if (!operation.body) return { query, body: undefined }
  return { query, body: checked(operation, 'body', parseJson(await request.bytes())) }
}

/** A body read against a schema of the mock's own (the control surface's), with the same check and wording. */
export function checkBody(schema: z.ZodMiniType, bytes: Uint8Array): unknown {
  return checked({ body: schema } as unknown as Operation, 'body', parseJson(bytes))
}
