import type * as z from 'zod/mini'
import type * as t from '../answers/tolerant.js'
import type { importBody } from './imports.js'
import type { notesBody } from './notes.js'
import type { sessionCreateBody, sessionListQuery, sessionUpdateBody } from './sessions.js'
import type { tagsBody } from './tags.js'
import type { variantQuery } from './waveform.js'
import type { waveformNotesBody } from './waveform-notes.js'

// Interfaces, not type aliases: a hover and typedoc show the name (`Session`), not the fields.

/** A session as a client reads it (SPEC §2.1). */
export interface Session extends z.infer<typeof t.session> {}
/** A preview variant (SPEC §2.2). */
export interface Preview extends z.infer<typeof t.preview> {}
/** A waveform (SPEC §2.3). */
export interface Waveform extends z.infer<typeof t.waveform> {}
/** A waveform note (SPEC §2.4). */
export interface WaveformNote extends z.infer<typeof t.waveformNote> {}
/** A lane of waveform notes (SPEC §4.12). */
export interface WaveformNoteLane extends z.infer<typeof t.waveformNoteLane> {}
/** A tag and how many sessions carry it (SPEC §2.5). */
export interface TagCount extends z.infer<typeof t.tagCount> {}
/** The state of a batch import (SPEC §2.6). */
export interface ImportResult extends z.infer<typeof t.importResult> {}
/** One entry of the health snapshot's `recentRequests` (SPEC §2.7). */
export interface RecentRequest extends z.infer<typeof t.recentRequest> {}
/** The health snapshot (SPEC §2.7). */
export interface Health extends z.infer<typeof t.health> {}
/** The answer to a delete (SPEC §4.7). */
export interface Deleted extends z.infer<typeof t.deleted> {}
/** A session's tags (SPEC §4.8). */
export interface SessionTags extends z.infer<typeof t.sessionTags> {}
/** A session's notes (SPEC §4.9). */
export interface SessionNotes extends z.infer<typeof t.sessionNotes> {}
/** A session's preview metadata (SPEC §4.10). */
export interface SessionPreview extends z.infer<typeof t.sessionPreview> {}
/** A session's waveform (SPEC §4.11). */
export interface SessionWaveform extends z.infer<typeof t.sessionWaveform> {}
/** The paging facts of a session list (SPEC §4.3). */
export interface ListMeta extends z.infer<typeof t.listMeta> {}
/** One page of the session list: its sessions and paging facts (SPEC §4.3). */
export interface SessionPage extends z.infer<typeof t.sessionPage> {}

// Over the request schemas too: these reach the schemas' declarations, so a hover on a body's
// field shows its text, which the emitted table, spelling each body out, drops.

/** The body of `sessions.create`, as a client writes it (SPEC §4.4). */
export interface SessionCreateBody extends z.input<typeof sessionCreateBody> {}
/** The body of `sessions.update`: any writable field (SPEC §4.6). */
export interface SessionUpdateBody extends z.input<typeof sessionUpdateBody> {}
/** The body of `tags.put`/`tags.patch` (SPEC §4.8). */
export interface TagsBody extends z.input<typeof tagsBody> {}
/** The body of `notes.put`/`notes.patch` (SPEC §4.9). */
export interface NotesBody extends z.input<typeof notesBody> {}
/** The body of `waveformNotes.put`/`waveformNotes.patch` (SPEC §4.12). */
export interface WaveformNotesBody extends z.input<typeof waveformNotesBody> {}
/** The body of `imports.start` (SPEC §4.13). */
export interface ImportBody extends z.input<typeof importBody> {}
/** The query of `sessions.list`, typed as the server reads it (SPEC §4.3). */
export interface SessionListParams extends Partial<z.output<typeof sessionListQuery>> {}
/** The query of the waveform and waveform-notes operations (SPEC §4.11). */
export interface VariantParams extends Partial<z.output<typeof variantQuery>> {}
