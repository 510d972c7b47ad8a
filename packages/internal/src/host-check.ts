import { isIPv6 } from 'node:net'

const HOST_PORT = /^(?:([A-Za-z0-9\-._]+)|\[([0-9A-Fa-f:.]+)\])(?::(\d{1,5}))?$/

/**
 * Whether a `Host` header is a valid `host[:port]` (D20); anything else is a 400 before routing, so a
 * Host such as `[::1]:4777/api/v1/sessions/A#` can never turn into a path.
 */
export function isValidHost(host: string): boolean {
  const match = HOST_PORT.exec(host)
  if (!match) return false
  const [, , ipv6, port] = match
  return (ipv6 === undefined || isIPv6(ipv6)) && (port === undefined || Number(port) <= 65_535)
}

/** The name part of a `Host` header, lower-cased, without its port (`[::1]` keeps its brackets). */
function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
  return name.toLowerCase()
}

const loopbackV4 = /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/

function isLoopbackHost(host: string): boolean {
  const name = hostName(host)
  return name === 'localhost' || name === '[::1]' || loopbackV4.test(name)
}

/**
 * The DNS-rebinding defence of D18: only a loopback `Host` or one allowed explicitly (without port,
 * in any case) is served; one without `Host` (HTTP/1.0) cannot come through a rebound name.
 */
export function createHostCheck(allowHosts: readonly string[] = []): (host: string | undefined) => boolean {
  const extra = new Set(allowHosts.map(hostName))
  return (host) => host === undefined || isLoopbackHost(host) || extra.has(hostName(host))
}
