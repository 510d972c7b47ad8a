// "Did you mean": the nearest of the known names by edit distance, when it is near enough.

// Edits between two names (optimal string alignment): a letter added, dropped, changed, or two swapped.
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      ;(rows[i] as number[])[j] = best
    }
  }
  return at(a.length, b.length)
}

/**
 * The known name nearest to `typed` (at most a third of its letters apart, or one it starts), or
 * `undefined` when none is near.
 *
 * @example
 * ```ts
 * import { nearest } from '@session-library/internal'
 * nearest('sesions', ['sessions', 'tags']) // 'sessions'
 * ```
 */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  let best: { name: string; cost: number } | undefined
  for (const name of known) {
    const cost = name.startsWith(typed) && typed.length > 1 ? 0.5 : distance(typed, name)
    if (!best || cost < best.cost) best = { name, cost }
  }
  return best && best.cost <= Math.max(1, Math.floor(typed.length / 3)) ? best.name : undefined
}

/**
 * The " (did you mean 'x'?)" tail of an error message, or '' when nothing is near.
 *
 * @example
 * ```ts
 * import { didYouMean } from '@session-library/internal'
 * `unknown command 'sesions'${didYouMean('sesions', ['sessions'])}` // "unknown command 'sesions' (did you mean 'sessions'?)"
 * ```
 */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = nearest(typed, known)
  return near === undefined ? '' : ` (did you mean '${near}'?)`
}
