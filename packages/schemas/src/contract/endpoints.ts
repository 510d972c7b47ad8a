import * as z from 'zod/mini'
import * as resources from '../answers/pairs.js'
import { lazy } from '../lazy.js'
import { findRoute, pathParamNames } from '../paths.js'
import { OPERATION_SPECS } from './groups.js'
import { type Method, type Operation, type OperationOf, table } from './operation.js'
import type { OperationName } from './routes.js'

type Specs = typeof OPERATION_SPECS

let exactOfResource: Map<z.ZodMiniType, z.ZodMiniType> | undefined
const exactOfResources = () =>
  (exactOfResource ??= new Map(
    Object.values(resources).flatMap((pair) =>
      typeof pair === 'object' && 'exact' in pair ? [[pair.tolerant, pair.exact] as const] : [],
    ),
  ))

// An operation's exact answer: each resource's exact twin, in an envelope that rejects unknown keys.
function exactOf(tolerant: z.ZodMiniType): z.ZodMiniType {
  const known = exactOfResources().get(tolerant)
  if (known) return known
  const { def } = tolerant as unknown as { def: { type: string; shape?: Record<string, z.ZodMiniType> } }
  if (def.type !== 'object' || !def.shape) throw new TypeError(`no exact schema for a ${def.type} answer`)
  return z.strictObject(Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, exactOf(field)])))
}

/** The endpoint table: every operation of SPEC §4.1, as the group files write it, with its exact answer derived. */
export const endpoints = table(OPERATION_SPECS, (tolerant) => lazy(() => exactOf(tolerant))) as unknown as {
  readonly [Name in keyof Specs & string]: OperationOf<Name, Specs[Name]>
}

/** The endpoint table's type. */
export type Endpoints = typeof endpoints

/** Every operation of the table, in SPEC §4.1's order. */
export const operations: readonly Operation[] = Object.values(endpoints)

/** What a method and path resolve to: the operation and its parameters, else the path's methods (`allowed`). */
export type RouteMatch =
  | { operation: Operation; params: Record<string, string>; allowed?: undefined }
  | { operation?: undefined; params?: undefined; allowed: Method[] }

/**
 * Resolves a method and a path (relative to `API_PREFIX`, still encoded) to an operation; an unknown
 * path or method gives `allowed` instead (DECISIONS D3: 404 route not found).
 *
 * @example
 * ```ts
 * import { matchOperation } from '@session-library/schemas'
 * matchOperation('GET', '/sessions/x/waveform-notes').operation // undefined: it must not exist
 * ```
 */
export function matchOperation(method: string, path: string): RouteMatch {
  const found = findRoute(operations, method, path)
  return found.route ? { operation: found.route, params: found.params } : { allowed: found.allowed as Method[] }
}

/** The path parameter names of an operation. */
export function operationParamNames(name: OperationName): string[] {
  return pathParamNames(endpoints[name].path)
}
