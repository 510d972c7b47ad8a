import { isValidHost, createHostCheck as loopbackOr } from '@session-library/internal/node'

/**
 * The DNS-rebinding defence of D18: only a loopback `Host` or one allowed explicitly (without port,
 * in any case) is served; one without `Host` (HTTP/1.0) cannot come through a rebound name.
 */
export const createHostCheck: (allowHosts?: readonly string[]) => (host: string | undefined) => boolean = loopbackOr

/**
 * What is wrong with the number of `Host` headers (D20's `invalid_host`): HTTP/1.1 requires one, and
 * of two node:http keeps the first while a proxy in front may have read the other.
 */
export function hostCountProblem(rawHeaders: readonly string[], httpVersion: string): string | undefined {
  let count = 0
  for (let at = 0; at < rawHeaders.length; at += 2) if (rawHeaders[at]?.toLowerCase() === 'host') count++
  if (count > 1) return `Request has ${count} Host headers; send one.`
  return count === 0 && httpVersion !== '1.0' ? 'Request has no Host header; HTTP/1.1 requires one.' : undefined
}

/** Distinct `Host` values whose verdict is kept; past it the memory starts afresh. */
const VERDICTS_KEPT = 64

/** The `Host` checks of D18 and D20, a bounded number of verdicts kept (a client sends one `Host`). */
export function createHostGate(
  allowHosts: readonly string[] = [],
): (host: string | undefined) => 'invalid_host' | 'forbidden_host' | undefined {
  const allowed = createHostCheck(allowHosts)
  const verdicts = new Map<string, 'invalid_host' | 'forbidden_host' | undefined>()
  return (host) => {
    if (host === undefined) return undefined
    if (verdicts.has(host)) return verdicts.get(host)
    const verdict = !isValidHost(host) ? 'invalid_host' : allowed(host) ? undefined : 'forbidden_host'
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear()
    verdicts.set(host, verdict)
    return verdict
  }
}
