/**
 * The exit codes a script can branch on.
 *
 * @example `process.exitCode = EXIT.usage`
 */
export const EXIT = {
  /** Success. */
  ok: 0,
  /** The API answered an error (status, code and message on stderr). */
  api: 1,
  /** A bad command line, flag value or body. */
  usage: 2,
  /** The server could not be reached, or did not answer in time. */
  network: 3,
  /** The answer did not match the contract. */
  invalid: 4,
} as const

/**
 * A failure of the command line itself (not of the SDK), with the exit code it ends the run with.
 *
 * @example `throw new CliError('waited 300 s', EXIT.network)`
 */
export class CliError extends Error {
  readonly exitCode: number

  constructor(message: string, exitCode: number) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}
