/**
 * The `data` of an answer envelope: what most methods resolve to.
 *
 * @example `call('sessions.get', { params: { id } }).map(unwrap)`
 */
export const unwrap = <T>(answer: { data: T }): T => answer.data
