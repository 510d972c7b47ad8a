import type { JsonBodyType } from 'msw'
import { sessionJson } from '../store/session-record.js'

/** The kept JSON of each session of a list, joined, or `undefined` when one of them is no answered session. */
function listJson(items: readonly unknown[]): string | undefined {
  const parts: string[] = []
  for (const item of items) {
    const json = sessionJson(item)
    if (json === undefined) return undefined
    parts.push(json)
  }
  return `[${parts.join(',')}]`
}

/**
 * The JSON of an answer `{data}` or `{data, meta}` whose data are sessions the store answered
 * (`toSession`) or a non-empty list of them, made of each session's kept JSON: byte for byte
 * `JSON.stringify(answer)`, without serializing the sessions again. `undefined` for any other
 * answer, which is serialized as usual.
 */
export function keptJson(answer: JsonBodyType): string | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined
  const keys = Object.keys(answer)
  const withMeta = keys.length === 2 && keys[1] === 'meta' && answer.meta !== undefined
  if (keys[0] !== 'data' || (keys.length !== 1 && !withMeta)) return undefined
  const { data } = answer
  const json = Array.isArray(data) ? data.length > 0 && listJson(data) : sessionJson(data)
  if (!json) return undefined
  return withMeta ? `{"data":${json},"meta":${JSON.stringify(answer.meta)}}` : `{"data":${json}}`
}
