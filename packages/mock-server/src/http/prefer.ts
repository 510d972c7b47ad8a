import { documentedStatuses, ERRORS, type Operation, type Service } from '@session-library/schemas'
import { ApiError } from './api-error.js'
import { unauthorized } from './auth.js'

type ServiceCode = `${string}_unavailable` & keyof typeof ERRORS

/** The 501 of an operation whose service is off: its service's own code. */
export const serviceError = (service: Service) =>
  new ApiError(`${service.replaceAll('-', '_')}_unavailable` as ServiceCode)

/**
 * The error of a status for an operation (a fault's, a forced one's): its service's 501, D2's 401,
 * the contract's code for the status, else 429 `rate_limited`, else `http_<status>`.
 */
export function statusError(status: number, operation: Operation): ApiError {
  if (status === 501 && operation.service) return serviceError(operation.service)
  if (status === 401) return unauthorized()
  const known = Object.entries(ERRORS).find(([, error]) => error.status === status)?.[0]
  if (known) return new ApiError(known)
  if (status === 429) return new ApiError('rate_limited', 'Too many requests.', { status })
  return new ApiError(`http_${status}`, `Injected fault: HTTP ${status}.`, { status })
}

const PREFERRED_CODE = /(?:^|[\s,;])code\s*=\s*"?([^\s,;"]*)/i

/** The error `Prefer: code=<status>` forces (D21), `undefined` when it asks none; a status not documented is a 400. */
export function forcedError(prefer: string | null, operation: Operation): ApiError | undefined {
  const asked = prefer === null ? undefined : PREFERRED_CODE.exec(prefer)?.[1]
  if (asked === undefined) return undefined
  const allowed = documentedStatuses(operation)
  if (/^\d{3}$/.test(asked) && allowed.includes(Number(asked))) return statusError(Number(asked), operation)
  const message = `Prefer: code=${asked} is no answer of ${operation.name}; it answers ${allowed.join(', ')}.`
  throw new ApiError('invalid_prefer', message, { status: 400 })
}
