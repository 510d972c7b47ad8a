// "Did you mean": the nearest of the known names by edit distance, when it is near enough.

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (const [i, charA] of [...a].entries()) {
    const current = [i + 1]
    for (const [j, charB] of [...b].entries()) {
      current.push(
        Math.min((previous[j + 1] ?? 0) + 1, (current[j] ?? 0) + 1, (previous[j] ?? 0) + (charA === charB ? 0 : 1)),
      )
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * The known name nearest to `typed` (at most a third of its letters apart, or one it starts), or
 * `undefined` when none is near.
 *
 * @example `nearest('sesions', ['sessions', 'tags']) // 'sessions'`
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
 * @example `` `unknown command 'sesions'${didYouMean('sesions', ['sessions'])}` ``
 */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = nearest(typed, known)
  return near === undefined ? '' : ` (did you mean '${near}'?)`
}
