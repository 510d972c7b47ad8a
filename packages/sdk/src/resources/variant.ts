import type { CallOptions } from '../core/options.js'

/**
 * Call options plus the preview variant to address; without `variantId` the server picks the
 * preferred preview, else the first.
 *
 * @example
 * ```ts
 * import type { VariantOptions } from '@session-library/sdk'
 * const options: VariantOptions = { variantId: 'pv_1', timeout: 2_000 }
 * ```
 */
export type VariantOptions = CallOptions & {
  /** The preview variant (`previews[].id`); default: the preferred one, else the first. */
  variantId?: string
}

/**
 * Splits `variantId` (a query parameter) from the call options.
 *
 * @example `splitVariant({ variantId: 'pv_1', timeout: 5 }) // { query: { variantId: 'pv_1' }, options: { timeout: 5 } }`
 */
export function splitVariant({ variantId, ...options }: VariantOptions = {}) {
  return { query: variantId === undefined ? {} : { variantId }, options }
}
