import { endpoints } from './contract/endpoints.js'
import type { ConvenienceSpec, Operation } from './contract/operation.js'
import type { Usage } from './front-ends.js'

/** What people read of a call (a command's help, a tool's description): its operation's or convenience's texts. */
export function textOf(usage: Pick<Usage, 'route' | 'verb' | 'convenience'>): {
  readonly summary: string
  readonly description: string
} {
  const operation: Operation = endpoints[usage.route.name]
  return usage.convenience ? (operation.conveniences?.[usage.verb] as ConvenienceSpec) : operation
}
