import { didYouMean } from '@session-library/internal'
import { apiPath, matchOperation, type OperationName, operations, type RouteMatch } from '@session-library/schemas'

/** Every operation's name, in SPEC §4.1's order. */
export const operationNames = operations.map((operation) => operation.name) as [OperationName, ...OperationName[]]

/** What the mock says of a name that is no operation: the nearest one, and all of them. */
export const unknownOperation = (input: unknown): string =>
  `unknown operation ${JSON.stringify(input)}${typeof input === 'string' ? didYouMean(input, operationNames) : ''}; ` +
  `expected one of ${operationNames.join(', ')}`

/** The operation named, or a TypeError saying which was meant. */
export function checkOperation(name: unknown): OperationName {
  if ((operationNames as unknown[]).includes(name)) return name as OperationName
  throw new TypeError(unknownOperation(name))
}

/** The route a request's method and pathname (under /api/v1 or not) match, if any. */
export const routeAt = (method: string, pathname: string): RouteMatch => matchOperation(method, apiPath(pathname) ?? '')

/** The operation a request's method and pathname name, if any. */
export const operationAt = (method: string, pathname: string) =>
  routeAt(method, pathname).operation?.name as OperationName | undefined
