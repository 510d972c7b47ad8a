import type { JsonBodyType } from 'msw'
import { sessionJson } from '../store/session-record.js'

const encoder = new TextEncoder()
const OPEN_DATA = encoder.encode('{"data":')
const OPEN_LIST = encoder.encode('{"data":[')
const COMMA = encoder.encode(',')
const CLOSE_LIST = encoder.encode(']')
const CLOSE = encoder.encode('}')

/** The kept JSON of each session of a list, or `undefined` when one of them is no answered session. */
function listParts(items: readonly unknown[]): Uint8Array[] | undefined {
  const parts: Uint8Array[] = [OPEN_LIST]
  for (let index = 0; index < items.length; index++) {
    const json = sessionJson(items[index])
    if (json === undefined) return undefined
    if (index > 0) parts.push(COMMA)
    parts.push(json)
  }
  parts.push(CLOSE_LIST)
  return parts
}

/** The parts of `{"data": …` when `data` is an answered session or a list of them. */
function dataParts(data: unknown): Uint8Array[] | undefined {
  if (Array.isArray(data)) return data.length > 0 ? listParts(data) : undefined
  const json = sessionJson(data)
  return json && [OPEN_DATA, json]
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.byteLength
  const bytes = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.byteLength
  }
  return bytes
}

/**
 * The JSON of a handler's answer, byte for byte `JSON.stringify(answer)`: as UTF-8 bytes, made of
 * each session's kept JSON, when the answer is `{data}` or `{data, meta}` of sessions the store
 * answered (`toSession`), else as the string `JSON.stringify` makes. A page of 50 sessions is then
 * a copy of kept bytes, not 50 sessions serialized, encoded, measured and encoded again.
 *
 * @example
 * ```ts
 * answerJson({ data: toSession(record) }) // Uint8Array
 * answerJson({ data: { deleted: true, id: 'ses_1' } }) // '{"data":{"deleted":true,"id":"ses_1"}}'
 * ```
 */
export function answerJson(answer: JsonBodyType): string | Uint8Array {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return JSON.stringify(answer)
  const keys = Object.keys(answer)
  const withMeta = keys.length === 2 && keys[1] === 'meta' && answer.meta !== undefined
  if (keys[0] !== 'data' || (keys.length !== 1 && !withMeta)) return JSON.stringify(answer)
  const parts = dataParts(answer.data)
  if (parts === undefined) return JSON.stringify(answer)
  if (withMeta) parts.push(encoder.encode(`,"meta":${JSON.stringify(answer.meta)}`))
  parts.push(CLOSE)
  return joined(parts)
}
