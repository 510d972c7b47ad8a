// What the command line uses of the contract's main entry, named one by one: a namespace import of
// the whole entry would keep all of zod (its `z` re-export) in the bundle.
export { endpoints, LIMITS, type Operation } from '@session-library/schemas'
