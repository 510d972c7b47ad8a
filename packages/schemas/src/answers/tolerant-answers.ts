import * as z from 'zod/mini'
import { flag, number, object, previewFields, session, tagCount, text, waveform, waveformNote } from './tolerant.js'

// The answers of SPEC §4 that wrap or pick from the resources of §2, as a client reads them (see
// tolerant.ts); each field's TSDoc is its one text (see tolerant.ts).

/** SPEC §4.7: the answer to a delete. */
export const deleted = object({
  /** true: the session is gone. */
  deleted: flag,
  /** The id of the deleted session. */
  id: text,
})

/** SPEC §4.8: a session's tags. */
export const sessionTags = object({
  /** The session's id. */
  id: text,
  /** The session's tags, in order (D6). */
  tags: session.def.shape.tags,
})

/** SPEC §4.9: a session's notes. */
export const sessionNotes = object({
  /** The session's id. */
  id: text,
  /** The session's notes; empty when cleared (D7). */
  notes: text,
})

/** SPEC §4.10: a session's preview metadata. */
export const sessionPreview = object({
  /** The session's id. */
  id: text,
  ...previewFields,
})

/** SPEC §4.11: a waveform of one session and variant. */
export const sessionWaveform = object({
  /** The session's id. */
  sessionId: text,
  /** The preview variant the waveform is of (D12). */
  variantId: text,
  /** The waveform's peaks and what they measure (D13). */
  waveform,
})

/** SPEC §4.12: a waveform note lane. */
export const waveformNoteLane = object({
  /** The session's id. */
  sessionId: text,
  /** The preview variant the lane belongs to (D12). */
  variantId: text,
  /** The waveform key that names the lane (D14). */
  key: text,
  /** The notes, by timestamp, then id (D14). */
  notes: z.array(waveformNote),
})

/** SPEC §4.3: the list's paging facts. */
export const listMeta = object({
  /** How many sessions match the filters, on all pages (D9). */
  total: number,
  /** The page size applied, at most 500 (D9). */
  limit: number,
  /** How many matching sessions come before this page (D9). */
  offset: number,
})

/** The success envelope `{data}` around an answer (SPEC §1), as a client reads it. */
export const data = <T extends z.ZodMiniType>(inner: T): z.ZodMiniObject<Payload<T>, z.core.$strip> => {
  // One envelope per payload: the client's routes and the endpoint table share it.
  const made = envelopes.get(inner) ?? object({ data: inner })
  envelopes.set(inner, made)
  return made as z.ZodMiniObject<Payload<T>, z.core.$strip>
}
type Payload<T> = {
  /** The answer's payload. */
  data: T
}
const envelopes = new WeakMap<z.ZodMiniType, z.ZodMiniObject>()

/** The session list's envelope `{data, meta}` (SPEC §4.3), as a client reads it. */
export const sessionPage = object({
  /** The sessions of this page, in the requested order (D10). */
  data: z.array(session),
  /** Paging facts: total, limit and offset (D9). */
  meta: listMeta,
})

/** The envelope of `GET /tags` (SPEC §4.14), as a client reads it. */
export const tagCountList = data(z.array(tagCount))
