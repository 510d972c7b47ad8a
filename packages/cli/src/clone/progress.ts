import type { OutStream } from '../cli-context.js'

/**
 * A progress bar on stderr: redrawn in place on a terminal, a line at each quarter otherwise (a
 * log or a pipe gets no carriage returns).
 *
 * @example
 * ```ts
 * const progress = createProgress(context.stderr, 'sessions', 24)
 * progress.tick()
 * progress.done()
 * ```
 */
export interface Progress {
  /** One more item done. */
  tick(): void
  /** Ends the bar with its final line. */
  done(): void
}

const WIDTH = 30

/**
 * Makes a {@link Progress} for `total` items named `label`.
 *
 * @example `const progress = createProgress(context.stderr, 'sessions', sessions.length)`
 */
export function createProgress(stream: OutStream, label: string, total: number): Progress {
  let count = 0
  let quarter = 0
  const line = () => {
    const filled = total === 0 ? WIDTH : Math.round((count / total) * WIDTH)
    return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${count}/${total} ${label}`
  }
  return {
    tick() {
      count += 1
      if (stream.isTTY) stream.write(`\r${line()}`)
      else if (total > 0 && Math.floor((count / total) * 4) > quarter && count < total) {
        quarter = Math.floor((count / total) * 4)
        stream.write(`${line()}\n`)
      }
    },
    done() {
      stream.write(stream.isTTY ? `\r${line()}\n` : `${line()}\n`)
    },
  }
}
