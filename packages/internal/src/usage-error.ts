/**
 * A bad command line, for both programs that read one (the CLI and the mock's): the program prints
 * the message and a pointer to its usage, and exits 2 ({@link UsageError.exitCode}).
 *
 * @example
 * ```ts
 * import { UsageError } from '@session-library/internal'
 * throw new UsageError('sessions get: missing <id>', ['sessions', 'get'])
 * ```
 */
export class UsageError extends Error {
  override name = 'UsageError'
  /** The exit code of a usage error, the same in every program of the project. */
  readonly exitCode = 2
  /** The words of the command whose help to point at (none for a program of one command). */
  readonly words: readonly string[]

  constructor(message: string, words: readonly string[] = []) {
    super(message)
    this.words = words
  }
}
