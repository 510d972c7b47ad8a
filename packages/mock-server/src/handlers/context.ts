import type { AnswerOf, OperationName, ParamsOf, ParsedBodyOf, ParsedQueryOf } from '@session-library/schemas'
import type { Runtime } from '../runtime/runtime.js'

/**
 * What a handler gets: the request already authorised, routed, allowed by the mode and its
 * service, and validated (D3), so a handler holds only what differs per endpoint.
 */
interface HandlerContext<Name extends OperationName> {
  readonly params: ParamsOf<Name>
  readonly query: ParsedQueryOf<Name>
  readonly body: ParsedBodyOf<Name>
  readonly url: URL
  readonly runtime: Runtime
}

/** The part of an operation that differs per endpoint, answered with the operation's success status. */
export type OperationHandler<Name extends OperationName> = (
  context: HandlerContext<Name>,
) => AnswerOf<Name> | Promise<AnswerOf<Name>>

export type HandlerTable<Names extends OperationName> = { [Name in Names]: OperationHandler<Name> }
