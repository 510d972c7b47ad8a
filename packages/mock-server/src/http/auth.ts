import { ApiError } from './api-error.js'

/** Compares in time that depends only on the length of `given`: a wrong token reveals nothing (D2). */
export function constantTimeEqual(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length
  for (let index = 0; index < given.length; index++) {
    difference |= given.charCodeAt(index) ^ (expected.length === 0 ? 0 : expected.charCodeAt(index % expected.length))
  }
  return difference === 0
}

/** Whether an `Authorization` header is `Bearer <token>` (D2), the scheme in any case. */
export function authorized(header: string | null, token: string): boolean {
  const [, scheme, given] = /^(\S+) +(\S+)$/.exec(header ?? '') ?? []
  if (scheme?.toLowerCase() !== 'bearer' || given === undefined) return false
  return constantTimeEqual(given, token)
}

export function unauthorized(): ApiError {
  return new ApiError('unauthorized', undefined, { headers: { 'WWW-Authenticate': 'Bearer' } })
}
