import { ApiError } from './api-error.js'

const encoder = new TextEncoder()

/**
 * Compares two strings in time that depends only on the length of `given`, so that a wrong token
 * reveals nothing of the right one (D2). Plain JavaScript: it works in browsers too.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given)
  const b = encoder.encode(expected)
  let difference = a.length ^ b.length
  for (let index = 0; index < a.length; index++) {
    difference |= (a[index] as number) ^ (b.length === 0 ? 0 : (b[index % b.length] as number))
  }
  return difference === 0
}

/**
 * Whether an `Authorization` header carries the token (D2): `Bearer <token>`, the scheme word in
 * any case, one or more spaces after it.
 */
export function authorized(header: string | null, token: string): boolean {
  const [, scheme, given] = /^(\S+) +(\S+)$/.exec(header ?? '') ?? []
  if (scheme?.toLowerCase() !== 'bearer' || given === undefined) return false
  return constantTimeEqual(given, token)
}

export function unauthorized(): ApiError {
  return new ApiError('unauthorized', undefined, { headers: { 'WWW-Authenticate': 'Bearer' } })
}
