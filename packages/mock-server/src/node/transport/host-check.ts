/**
 * The name part of a `Host` header, lower-cased and without its port; an IPv6 address keeps its
 * brackets (`[::1]`).
 *
 * @example
 * ```ts
 * hostName('LocalHost:4777') // 'localhost'
 * hostName('[::1]:4777') // '[::1]'
 * ```
 */
export function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
  return name.toLowerCase()
}

const loopbackV4 = /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/

/**
 * Whether a `Host` header names the loopback interface: `localhost`, `127.x.x.x` or `[::1]`.
 *
 * @example
 * ```ts
 * isLoopbackHost('127.0.0.1:4777') // true
 * isLoopbackHost('attacker.example') // false
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const name = hostName(host)
  return name === 'localhost' || name === '[::1]' || loopbackV4.test(name)
}

/**
 * The DNS-rebinding defence of D18: a request is served only when its `Host` is a loopback name or
 * address, or one of the names allowed explicitly (compared without port, case-insensitively). A
 * request without `Host` (HTTP/1.0) cannot come through a rebound name, so it passes.
 *
 * @example
 * ```ts
 * const allowed = createHostCheck(['mock.test'])
 * allowed('mock.test:4777') // true
 * allowed('evil.example') // false
 * ```
 */
export function createHostCheck(allowHosts: readonly string[] = []): (host: string | undefined) => boolean {
  const extra = new Set(allowHosts.map(hostName))
  return (host) => host === undefined || isLoopbackHost(host) || extra.has(hostName(host))
}
