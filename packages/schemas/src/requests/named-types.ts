import type * as z from 'zod/mini'
import type { importBody } from './import-body.js'
import type { sessionListQuery, variantQuery } from './list-query.js'
import type { notesBody, sessionCreateBody, sessionUpdateBody, tagsBody } from './session-bodies.js'
import type { waveformNotesBody } from './waveform-notes-body.js'

// Interfaces over the request schemas, as `answers/named-types.ts` is over the answers: the emitted
// contract table spells each body out without its comments, while these reach the schemas' own
// declarations, so an editor's hover on a field of a body or a query shows its text (D5–D15).

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
