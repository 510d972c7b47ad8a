import * as e from './exact.js'

// The exact answer envelope of each operation, built here once, so that the contract files name
// them without a call: a bundle of the client entry then drops the contracts, and with them every
// exact schema (see contract/health.ts).

/** SPEC §4.2: `{data: Health}` as the mock answers it. @example `healthAnswer.parse(body).data.status // 'ok'` */
export const healthAnswer = e.data(e.health)
/** SPEC §4.4–4.6: `{data: Session}` as the mock answers it. @example `sessionAnswer.parse(body).data.id` */
export const sessionAnswer = e.data(e.session)
/** SPEC §4.7: `{data: {deleted, id}}` as the mock answers it. @example `deletedAnswer.parse(body).data.deleted // true` */
export const deletedAnswer = e.data(e.deleted)
/** SPEC §4.8: `{data: {id, tags}}` as the mock answers it. @example `tagsAnswer.parse(body).data.tags` */
export const tagsAnswer = e.data(e.sessionTags)
/** SPEC §4.9: `{data: {id, notes}}` as the mock answers it. @example `notesAnswer.parse(body).data.notes` */
export const notesAnswer = e.data(e.sessionNotes)
/** SPEC §4.10: `{data: SessionPreview}` as the mock answers it. @example `previewAnswer.parse(body).data.previews` */
export const previewAnswer = e.data(e.sessionPreview)
/** SPEC §4.11: `{data: SessionWaveform}` as the mock answers it. @example `waveformAnswer.parse(body).data.waveform` */
export const waveformAnswer = e.data(e.sessionWaveform)
/** SPEC §4.12: `{data: WaveformNoteLane}` as the mock answers it. @example `laneAnswer.parse(body).data.notes` */
export const laneAnswer = e.data(e.waveformNoteLane)
/** SPEC §4.13: `{data: ImportResult}` as the mock answers it. @example `importAnswer.parse(body).data.done // false` */
export const importAnswer = e.data(e.importResult)
