// Error statuses that several operations document alike (SPEC §4.1, DECISIONS D1–D4).

/** A read of the library: only the token can fail. */
export const READ = [401] as const
/** A read of one session: the token, or no such session. */
export const READ_ONE = [401, 404] as const
/** A write to one session: a bad body, the token, the mode (D1), or no such session. */
export const WRITE_ONE = [400, 401, 403, 404] as const
/** D4: a body over 1 MiB. */
export const BODY_LIMIT = [413] as const
