/** The exit codes a script can branch on. */
export const EXIT = { ok: 0, api: 1, usage: 2, network: 3, invalid: 4 } as const

export const EXIT_MEANING: Record<(typeof EXIT)[keyof typeof EXIT], string> = {
  0: 'success',
  1: 'the API answered an error (stderr: status, code, message)',
  2: 'usage: an unknown command or flag, a missing argument, a bad value (nothing was sent); or cancelled',
  3: 'the server could not be reached, or did not answer in time',
  4: 'an answer that does not match the contract',
}

/** A failure of the command line itself (not of the SDK), with the exit code it ends the run with. */
export class CliError extends Error {
  readonly exitCode: number

  constructor(message: string, exitCode: number) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}
