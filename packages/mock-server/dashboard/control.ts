// The page's calls: the control surface under /__mock and the API's waveform read, each with the
// pasted token in the Authorization header, never in a URL. (Not the SDK: the SDK's tests depend on
// this package, so this package's build cannot depend on the SDK's.)
import { API_PREFIX, buildPath, routes, type SessionWaveform } from '@session-library/schemas/client'
import type { CONTROL_PREFIX as ControlPrefix } from '../src/control/routes.js'

/** The control surface, on the page's own origin (the page is served at `<prefix>/`). */
export const CONTROL: typeof ControlPrefix = '/__mock'

/** What the page shows for an answer it did not expect: status, code and the server's message. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The message a 401 gets: what went wrong and what to do about it. */
export const WRONG_TOKEN =
  'The mock refused this token (401 unauthorized). Paste the token from its ready line ("… (token: …)").'

/** Reads an error envelope into a {@link ControlError}; any other body still gives the status. */
export async function answerError(method: string, path: string, answer: Response): Promise<ControlError> {
  const body = (await answer.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string } }
    | undefined
  const code = body?.error?.code ?? 'error'
  const message = answer.status === 401 ? WRONG_TOKEN : (body?.error?.message ?? answer.statusText)
  return new ControlError(answer.status, code, `${method} ${path}: ${answer.status} ${code}: ${message}`)
}

/** Calls `path` with the token; resolves to the answer's `data`, or throws a {@link ControlError}. */
async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (!answer.ok) throw await answerError(method, path, answer)
  return ((await answer.json()) as { data: T }).data
}

/** Calls one control route and resolves to its `data`. */
export const control = <T>(token: string, method: string, path: string, body?: unknown): Promise<T> =>
  call<T>(token, method, `${CONTROL}${path}`, body)

/** A session's waveform from the API (`waveform.get`, D12: the preferred variant by default). */
export function waveformOf(token: string, id: string, variantId: string): Promise<SessionWaveform> {
  const route = routes['waveform.get']
  const query = variantId ? `?${new URLSearchParams({ variantId })}` : ''
  return call(token, route.method, `${API_PREFIX}${buildPath(route.path, { id })}${query}`)
}
