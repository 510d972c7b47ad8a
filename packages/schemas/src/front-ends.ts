import type { Convenience, Route } from './contract/operation.js'
import { type OperationName, type Routes, routes } from './contract/routes.js'

/** A camelCase name spelled for a front end: `-` for a command or flag, `_` for a tool (`generate_previews`). */
export const spell = (name: string, separator: '-' | '_' = '-'): string =>
  name.replace(/[A-Z]/g, (letter) => `${separator}${letter.toLowerCase()}`)

/** One call people make: an operation of the contract, or a convenience declared beside one (`tags.add`). */
export interface Usage {
  /** The contract's group: `waveformNotes`. */
  readonly group: string
  /** Its verb: the operation's declared one (`replace` for `tags.put`), its name's, or the convenience's. */
  readonly verb: string
  /** The operation it sends; for a convenience, the one under it. */
  readonly route: Route & { readonly name: OperationName }
  readonly convenience?: Convenience
  /** The only call of its group, a read: called by the group's name alone (`health`, `tag-counts`). */
  readonly alone: boolean
}

const groupOf = (name: string) => name.slice(0, name.indexOf('.'))

function usagesOf(all: readonly (Route & { readonly name: OperationName })[]): Usage[] {
  const count = (group: string) => all.filter((route) => groupOf(route.name) === group).length
  return all.flatMap((route) => {
    const group = groupOf(route.name)
    const conveniences = Object.entries(route.conveniences ?? {})
    const alone = route.method === 'GET' && count(group) === 1 && conveniences.length === 0
    const own: Usage = { group, verb: route.verb ?? route.name.slice(group.length + 1), route, alone }
    return [own, ...conveniences.map(([verb, convenience]) => ({ group, verb, route, convenience, alone: false }))]
  })
}

/**
 * Every call of the contract, in SPEC §4.1's order: each operation, then its conveniences. A PATCH
 * twin (`route.twin`) is listed: the CLI sends it; the SDK and the MCP server offer its PUT alone.
 */
export const usages: readonly Usage[] = /* @__PURE__ */ usagesOf(Object.values(routes) as Usage['route'][])

/**
 * The name of a call in a front end, by one rule: the group and the verb, spelled for it (the SDK's
 * `client.waveformNotes.replace`, the CLI's `waveform-notes replace`, the tool `waveform_notes_replace`);
 * the group alone for the only call of a group that reads (`client.health()`, `health`, `health`).
 */
export function nameIn(usage: Usage, front: 'sdk' | 'cli' | 'mcp'): string[] {
  const parts = usage.alone ? [usage.group] : [usage.group, usage.verb]
  if (front === 'sdk') return parts
  const spelled = parts.map((part) => spell(part, front === 'cli' ? '-' : '_'))
  return front === 'cli' ? spelled : [spelled.join('_')]
}

/** Whether a call can remove data: its operation declares an effect, or it is a convenience that removes some. */
export const isDestructive = (usage: Usage): boolean =>
  usage.convenience
    ? usage.convenience.removesNamed === true || usage.convenience.sends !== undefined
    : usage.route.loses.length > 0

type GroupOf<Name extends string> = Name extends `${infer Group}.${string}` ? Group : never
type VerbOf<Name extends OperationName> = Routes[Name] extends { readonly verb: infer Verb extends string }
  ? Verb
  : Name extends `${string}.${infer Verb}`
    ? Verb
    : never
type ConveniencesOf<Name extends OperationName> = Routes[Name] extends { readonly conveniences: infer C }
  ? keyof C & string
  : never
// Name is never narrowed by a template literal before it indexes Routes: TypeScript 5.4 cannot index with the narrowed type.
type MethodsOf<Name extends OperationName> = Routes[Name] extends { readonly twin: string }
  ? never
  : VerbOf<Name> | ConveniencesOf<Name>

/**
 * The method names the SDK's group must have, by {@link nameIn}'s rule: each operation's verb (twins
 * left out) and each convenience's. The SDK implements it: a name it misses fails to compile.
 */
export type SdkMethodsOf<Group extends string> = {
  [Name in OperationName]: GroupOf<Name> extends Group ? MethodsOf<Name> : never
}[OperationName]
