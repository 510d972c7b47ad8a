import type * as z from 'zod/mini'
import type * as t from './tolerant.js'
import type * as ta from './tolerant-answers.js'

// Interfaces, not type aliases: an editor's hover and typedoc then show the name (`Session`), not
// the expanded fields; each still is exactly the inferred type of its tolerant schema.

/** A session as a client reads it (SPEC §2.1). */
export interface Session extends z.infer<typeof t.session> {}
/** A preview variant (SPEC §2.2). */
export interface Preview extends z.infer<typeof t.preview> {}
/** A waveform (SPEC §2.3). */
export interface Waveform extends z.infer<typeof t.waveform> {}
/** A waveform note (SPEC §2.4). */
export interface WaveformNote extends z.infer<typeof t.waveformNote> {}
/** A lane of waveform notes (SPEC §4.12). */
export interface WaveformNoteLane extends z.infer<typeof ta.waveformNoteLane> {}
/** A tag and how many sessions carry it (SPEC §2.5). */
export interface TagCount extends z.infer<typeof t.tagCount> {}
/** The state of a batch import (SPEC §2.6). */
export interface ImportResult extends z.infer<typeof t.importResult> {}
/** One entry of the health snapshot's `recentRequests` (SPEC §2.7). */
export interface RecentRequest extends z.infer<typeof t.recentRequest> {}
/** The health snapshot (SPEC §2.7). */
export interface Health extends z.infer<typeof t.health> {}
/** The answer to a delete (SPEC §4.7). */
export interface Deleted extends z.infer<typeof ta.deleted> {}
/** A session's tags (SPEC §4.8). */
export interface SessionTags extends z.infer<typeof ta.sessionTags> {}
/** A session's notes (SPEC §4.9). */
export interface SessionNotes extends z.infer<typeof ta.sessionNotes> {}
/** A session's preview metadata (SPEC §4.10). */
export interface SessionPreview extends z.infer<typeof ta.sessionPreview> {}
/** A session's waveform (SPEC §4.11). */
export interface SessionWaveform extends z.infer<typeof ta.sessionWaveform> {}
/** The paging facts of a session list (SPEC §4.3). */
export interface ListMeta extends z.infer<typeof ta.listMeta> {}
/** One page of the session list: its sessions and paging facts (SPEC §4.3). */
export interface SessionPage extends z.infer<typeof ta.sessionPage> {}
