import { readFile } from 'node:fs/promises'
import { formatIssues, NOT_JSON, parseJsonText, type Recording, recordingSchema } from '@session-library/schemas'
import { CliError, EXIT } from '../../cmdutil/errors.js'

/** Reads a recording (the mock's `--record` file, or `writeRecording`'s); a file that is not one is a usage error. */
export async function readRecording(path: string): Promise<Recording> {
  const refuse = (problem: string) => new CliError(`${path}: ${problem}`, EXIT.usage)
  const text = await readFile(path, 'utf8').catch((error: Error) => {
    throw refuse(error.message)
  })
  const json = parseJsonText(text)
  if (json === NOT_JSON) throw refuse('not JSON')
  const parsed = recordingSchema.safeParse(json)
  if (!parsed.success) throw refuse(`not a recording of this version: ${formatIssues(parsed.error.issues)}`)
  return parsed.data
}
