import type { Runtime } from '../runtime/runtime.js'
import type { StoredSession } from '../store/records.js'
import type { HandlerTable } from './context.js'

type Field = 'tags' | 'notes'
type FieldTable<F extends Field> = HandlerTable<`${F}.get` | `${F}.put` | `${F}.patch`>

interface FieldContext<F extends Field> {
  readonly params: { id: string }
  readonly body: Pick<StoredSession, F>
  readonly runtime: Runtime
}

/** A session's tags (D6) or notes (D7): read, and set with PUT or PATCH alike (notes cleared by `""` or `null`). */
export function fieldHandlers<F extends Field>(field: F): FieldTable<F> {
  const answer = (record: Readonly<StoredSession>) => ({ data: { id: record.id, [field]: record[field] } })
  const set = ({ params, body, runtime }: FieldContext<F>) =>
    answer(
      runtime.library.updateSession(params.id, (draft) => {
        draft[field] = body[field]
      }),
    )
  const get = ({ params, runtime }: FieldContext<F>) => answer(runtime.library.readSession(params.id))
  return { [`${field}.get`]: get, [`${field}.put`]: set, [`${field}.patch`]: set } as unknown as FieldTable<F>
}
