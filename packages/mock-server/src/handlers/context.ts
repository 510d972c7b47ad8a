import type { AnswerOf, OperationName, ParamsOf, ParsedBodyOf, ParsedQueryOf } from '@session-library/schemas'
import type { Runtime } from '../runtime/runtime.js'

/** What a handler gets: the request already through every check of D3. */
interface HandlerContext<Name extends OperationName> {
  readonly params: ParamsOf<Name>
  readonly query: ParsedQueryOf<Name>
  readonly body: ParsedBodyOf<Name>
  readonly url: URL
  readonly runtime: Runtime
}

export type OperationHandler<Name extends OperationName> = (
  context: HandlerContext<Name>,
) => AnswerOf<Name> | Promise<AnswerOf<Name>>

export type HandlerTable<Names extends OperationName> = { [Name in Names]: OperationHandler<Name> }
