import type { Departure, OperationName } from '@session-library/schemas'

/**
 * A request that a transport answered itself, before any handler saw it (see
 * `MockApi.recordAnswer`).
 *
 * @example
 * ```ts
 * const refused: TransportAnswer = { method: 'GET', target: '/api/v1/health', statusCode: 403, code: 'forbidden_host' }
 * ```
 */
export interface TransportAnswer {
  method: string
  /** The request target as sent: path and query, e.g. `/api/v1/sessions?limit=5`. */
  target: string
  /** Scheme, host and port it was sent to, when the transport knows them. */
  origin?: string
  statusCode: number
  /** Error code of the answer, e.g. `payload_too_large`. */
  code?: string
  /** The operation, when the transport knows it (the proxy does). */
  operation?: OperationName
  /** Where a proxied exchange departed from the contract; kept for `MockApi.departures`. */
  departures?: Departure[]
}
