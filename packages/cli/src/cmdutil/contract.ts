// The contract's main entry (`endpoints`: summaries, descriptions, query and body schemas) costs a
// third of a start-up to load, and a command line with only global flags (`health --json`,
// `sessions get <id>`) needs none of it: the client entry that the SDK loads anyway names every
// operation. So it is loaded only for help, completion, and command lines with contract flags.

type Schemas = typeof import('./contract-flags.js')

let loaded: Schemas | undefined

/**
 * Loads the contract's main entry (once).
 *
 * @example `const { endpoints } = await loadContract()`
 */
export async function loadContract(): Promise<Schemas> {
  loaded ??= await import('./contract-flags.js')
  return loaded
}

/**
 * The contract's main entry when {@link loadContract} has loaded it.
 *
 * @example `const summary = contract()?.endpoints['health.get'].summary`
 */
export function contract(): Schemas | undefined {
  return loaded
}
