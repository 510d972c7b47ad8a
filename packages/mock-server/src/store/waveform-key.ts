/**
 * The key of a waveform and of its note lane (D13, D14): stable for a (session, variant) pair and
 * never the same for two pairs.
 *
 * @example
 * ```ts
 * waveformKey('ses_1', 'pv_1') // 'ses_1:pv_1'
 * ```
 */
export function waveformKey(sessionId: string, variantId: string): string {
  return `${encodeURIComponent(sessionId)}:${encodeURIComponent(variantId)}`
}
