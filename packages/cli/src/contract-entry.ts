// What the command line loads only when it needs the contract's main entry (see contract.ts): the
// entry's exports named one by one (a namespace import of the whole entry would keep all of zod, its
// `z` re-export, in the bundle), and the flags derived from it with zod's JSON Schema conversion.
export { endpoints, formatIssues, LIMITS, type Operation } from '@session-library/schemas'
export { contractFlags, flagsOf } from './contract-flags.js'
