import { SessionLibrary } from '../../src/index.js'

/** A client for type tests: never sends a request. */
export const typesClient = new SessionLibrary({ token: 'types-only' })

/** Holds calls that are only type-checked: each sits in a function nobody calls, checked by `tsc` only. */
export const typeOnly = (check: () => unknown) => check
