import { API_PREFIX } from '@session-library/schemas'
import type { Connection } from './client.js'

/**
 * Reads from the standalone mock's control surface (`GET /__mock/…`, MOCK.md), which a real server
 * does not have: `undefined` then, or when the request fails for any other reason, so that callers
 * fall back to what the API itself offers.
 *
 * @example
 * ```ts
 * const imports = await readMockControl<ImportProgress[]>(connect(), '/imports')
 * ```
 */
export async function readMockControl<Data>(
  { baseUrl, token }: Connection,
  path: '/imports' | '/snapshot',
): Promise<Data | undefined> {
  // Loaded only here: the mock package is large, and only the examples that can use it pay for it.
  const { CONTROL_PREFIX } = await import('@session-library/mock-server')
  const origin = baseUrl.endsWith(API_PREFIX) ? baseUrl.slice(0, -API_PREFIX.length) : new URL(baseUrl).origin
  try {
    const answer = await fetch(`${origin}${CONTROL_PREFIX}${path}`, { headers: { authorization: `Bearer ${token}` } })
    if (!answer.ok) return undefined
    return ((await answer.json()) as { data: Data }).data
  } catch {
    return undefined
  }
}
