import { isIPv6 } from 'node:net'

// A DNS name or an IPv4 address (letters, digits, `-`, `.`, `_`), or an IPv6 address in brackets;
// then an optional port. Nothing else may stand in a Host header: no path, fragment or userinfo.
const HOST_PORT = /^(?:([A-Za-z0-9\-._]+)|\[([0-9A-Fa-f:.]+)\])(?::(\d{1,5}))?$/

/**
 * Whether a `Host` header is a valid `host[:port]` (D20): a name or IPv4 address, or an IPv6
 * address in brackets, and a port from 0 to 65535. Anything else is answered 400 `invalid_host`
 * before routing, so that the request target alone decides the operation: a Host such as
 * `[::1]:4777/api/v1/sessions/A#` can never turn into a path.
 */
export function isValidHost(host: string): boolean {
  const match = HOST_PORT.exec(host)
  if (!match) return false
  const [, , ipv6, port] = match
  return (ipv6 === undefined || isIPv6(ipv6)) && (port === undefined || Number(port) <= 65_535)
}

/**
 * The name part of a `Host` header, lower-cased and without its port; an IPv6 address keeps its
 * brackets (`[::1]`).
 */
export function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
  return name.toLowerCase()
}

const loopbackV4 = /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/

/** Whether a `Host` header names the loopback interface: `localhost`, `127.x.x.x` or `[::1]`. */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host)
  return name === 'localhost' || name === '[::1]' || loopbackV4.test(name)
}

/**
 * The DNS-rebinding defence of D18: a request is served only when its `Host` is a loopback name or
 * address, or one of the names allowed explicitly (compared without port, case-insensitively). A
 * request without `Host` (HTTP/1.0) cannot come through a rebound name, so it passes.
 */
export function createHostCheck(allowHosts: readonly string[] = []): (host: string | undefined) => boolean {
  const extra = new Set(allowHosts.map(hostName))
  return (host) => host === undefined || isLoopbackHost(host) || extra.has(hostName(host))
}

/** Distinct `Host` values whose verdict is kept; past it the memory starts afresh. */
const VERDICTS_KEPT = 64

/**
 * The `Host` checks of D18 and D20 in one call: `invalid_host` for a value that is no
 * `host[:port]`, `forbidden_host` for a name not allowed, `undefined` to serve the request. Every
 * request passes through it; the verdict of each value is kept (a client sends the same `Host`
 * on every request), a bounded number of them, so that the checks run once per value.
 */
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
