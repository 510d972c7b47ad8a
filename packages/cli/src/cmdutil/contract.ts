// The contract's main entry (summaries, schemas) costs a third of a start-up, and a command line with
// only global flags (`sessions get <id>`) needs none of it: the client entry names every operation.
// So it is loaded only for help, completion, writes and command lines with contract flags.

type Schemas = typeof import('./contract-flags.js')

let loaded: Schemas | undefined

export async function loadContract(): Promise<Schemas> {
  loaded ??= await import('./contract-flags.js')
  return loaded
}

export const contract = (): Schemas | undefined => loaded
