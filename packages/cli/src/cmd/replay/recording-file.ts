import {
  apiPath,
  formatIssues,
  matchOperation,
  type RecordedExchange,
  type Recording,
  recordingSchema,
} from '@session-library/schemas'
import type { Context } from '../../cmdutil/command.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'
import { readJson } from '../../cmdutil/input.js'

/** Reads a recording (the mock's `--record` file, or `writeRecording`'s); a file that is not one is a usage error. */
export async function readRecording(path: string, io: Context['io']): Promise<Recording> {
  const parsed = recordingSchema.safeParse(await readJson(`@${path}`, path, io))
  if (parsed.success) return parsed.data
  throw new CliError(`${path}: not a recording of this version: ${formatIssues(parsed.error.issues)}`, EXIT.usage)
}

/** Why a recorded request cannot be sent again as it was (a replay skips it, a Pact leaves it out); else undefined. */
export function notRepeatable({ path, statusCode, request, answer }: RecordedExchange): string | undefined {
  if (!apiPath(path)) return 'outside /api/v1'
  if (statusCode === 0) return 'the mock dropped it (a fault)'
  if (statusCode === 401) return 'a 401: the recording keeps no token'
  if (request.truncated || answer.truncated || typeof request.body === 'string') return 'a body cut or not JSON'
  return undefined
}

/** The session a recorded request's path names (`/sessions/{id}/…`), decoded (by the contract's router). */
export const sessionIdOf = ({ method, path }: RecordedExchange): string | undefined =>
  matchOperation(method, apiPath(path) ?? '').params?.id
