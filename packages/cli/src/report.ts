import { escapeMessage, UsageError } from '@session-library/internal'
import type { CliContext } from './cli-context.js'
import { CliError, EXIT } from './exit-codes.js'
import { colourFor, styles } from './terminal.js'

const PROGRAM = 'session-library'

/**
 * Writes what went wrong to stderr, one line a script can read, and gives the exit code: 1 an API
 * error (status, code, the server's message), 2 usage, 3 network or timeout, 4 an answer that failed
 * validation. The server's words are escaped (no control character reaches the terminal) and the
 * token masked.
 *
 * @example `process.exitCode = await report(error, context, mask)`
 */
export async function report(
  error: unknown,
  io: Pick<CliContext, 'stderr' | 'env'>,
  mask: (text: string) => string = (text) => text,
): Promise<number> {
  const line = (text: string) => {
    io.stderr.write(`${styles(colourFor(io.stderr, io.env)).red('error:')} ${mask(escapeMessage(text))}\n`)
  }
  if (error instanceof UsageError) {
    line(error.message)
    io.stderr.write(`Run '${[PROGRAM, ...error.words, '--help'].join(' ')}' for usage.\n`)
    return EXIT.usage
  }
  if (error instanceof CliError) {
    line(error.message)
    return error.exitCode
  }
  // Loaded already when a request failed; imported here so that a run that sends none never loads it.
  const sdk = await import('@session-library/sdk')
  if (error instanceof sdk.ApiError) {
    line(`${error.status} ${error.code}: ${error.message} (${error.method} ${error.path})`)
    return EXIT.api
  }
  if (error instanceof sdk.NetworkError || error instanceof sdk.TimeoutError) {
    line(error.message)
    return EXIT.network
  }
  if (error instanceof sdk.ResponseValidationError) {
    line(error.message)
    return EXIT.invalid
  }
  line(`unexpected: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  return EXIT.api
}
