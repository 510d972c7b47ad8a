import type * as z from 'zod/mini'
import type {
  health,
  importResult,
  preview,
  session,
  sessionNotes,
  sessionPreview,
  sessionTags,
  sessionWaveform,
  tagCount,
  waveform,
  waveformNote,
  waveformNoteLane,
} from './tolerant.js'

/** A session as a client reads it (SPEC §2.1). @example `const s: Session = await client.sessions.get('ses_1')` */
export type Session = z.infer<typeof session>
/** A preview variant (SPEC §2.2). @example `const p: Preview = session.previews[0]` */
export type Preview = z.infer<typeof preview>
/** A waveform (SPEC §2.3). @example `const w: Waveform = (await client.waveform('ses_1')).waveform` */
export type Waveform = z.infer<typeof waveform>
/** A waveform note (SPEC §2.4). @example `const n: WaveformNote = lane.notes[0]` */
export type WaveformNote = z.infer<typeof waveformNote>
/** A lane of waveform notes (SPEC §4.12). @example `const lane: WaveformNoteLane = await client.waveformNotes.replace('ses_1', [])` */
export type WaveformNoteLane = z.infer<typeof waveformNoteLane>
/** A tag and how many sessions carry it (SPEC §2.5). @example `const t: TagCount = { tag: 'drums', count: 2 }` */
export type TagCount = z.infer<typeof tagCount>
/** The state of a batch import (SPEC §2.6). @example `const r: ImportResult = await client.imports.start({ items })` */
export type ImportResult = z.infer<typeof importResult>
/** The health snapshot (SPEC §2.7). @example `const h: Health = await client.health()` */
export type Health = z.infer<typeof health>
/** A session's tags (SPEC §4.8). @example `const t: SessionTags = { id: 'ses_1', tags: ['drums'] }` */
export type SessionTags = z.infer<typeof sessionTags>
/** A session's notes (SPEC §4.9). @example `const n: SessionNotes = { id: 'ses_1', notes: '' }` */
export type SessionNotes = z.infer<typeof sessionNotes>
/** A session's preview metadata (SPEC §4.10). @example `const p: SessionPreview = await client.preview('ses_1')` */
export type SessionPreview = z.infer<typeof sessionPreview>
/** A session's waveform (SPEC §4.11). @example `const w: SessionWaveform = await client.waveform('ses_1')` */
export type SessionWaveform = z.infer<typeof sessionWaveform>
