import { readFile } from 'node:fs/promises'
import {
  API_PREFIX,
  formatIssues,
  matchOperation,
  NOT_JSON,
  parseJsonText,
  type RecordedExchange,
  type Recording,
  recordingSchema,
} from '@session-library/schemas'
import { CliError, EXIT } from '../../cmdutil/errors.js'

/** Reads a recording (the mock's `--record` file, or `writeRecording`'s); a file that is not one is a usage error. */
export async function readRecording(path: string): Promise<Recording> {
  const refuse = (problem: string) => new CliError(`${path}: ${problem}`, EXIT.usage)
  const json = parseJsonText(
    await readFile(path, 'utf8').catch((error: Error) => Promise.reject(refuse(error.message))),
  )
  const parsed = recordingSchema.safeParse(json)
  if (json === NOT_JSON || !parsed.success)
    throw refuse(`not a recording of this version${parsed.success ? '' : `: ${formatIssues(parsed.error.issues)}`}`)
  return parsed.data
}

/** Why a recorded request cannot be sent again as it was (a replay skips it, a Pact leaves it out); else undefined. */
export function notRepeatable({ path, statusCode, request, answer }: RecordedExchange): string | undefined {
  if (!path.startsWith(`${API_PREFIX}/`)) return 'outside /api/v1'
  if (statusCode === 0) return 'the mock dropped it (a fault)'
  if (statusCode === 401) return 'a 401: the recording keeps no token'
  if (request.truncated || answer.truncated || typeof request.body === 'string') return 'a body cut or not JSON'
  return undefined
}

/** The session a recorded request's path names (`/sessions/{id}/…`), decoded. */
export function sessionIdOf({ method, path }: RecordedExchange): string | undefined {
  const id = matchOperation(method, path.slice(API_PREFIX.length)).params?.id
  return id === undefined ? undefined : decodeURIComponent(id)
}
