import type { OperationName } from '@session-library/schemas'
import type { Convenience } from './operation-commands.js'

const variant = { aliases: { variant: 'variant-id' } } as const

/**
 * What the command line adds to the operations of the contract (friendlier names, whole-list and
 * waiting modes, default columns). Flags of the contract's fields are never written here: they are
 * derived from its schemas.
 *
 * @example `CONVENIENCES['sessions.list']?.columns // ['id', 'title', …]`
 */
export const CONVENIENCES: Partial<Record<OperationName, Convenience>> = {
  'sessions.list': {
    columns: ['id', 'title', 'kind', 'status', 'tags', 'lastOpened'],
    flags: {
      all: {
        type: 'boolean',
        description:
          'Walk every page and print each session as it comes (NDJSON with --json); --limit is the page size.',
      },
    },
    description: 'With --all, every page, streamed.',
    async run(call, context) {
      if (context.values.all !== true) return false
      const { listAll } = await import('./list-all.js')
      await listAll(call, context)
      return true
    },
  },
  'waveform.get': variant,
  'waveformNotes.put': variant,
  'waveformNotes.patch': variant,
  'imports.start': {
    flags: {
      wait: {
        type: 'boolean',
        description:
          'Then watch the session list until a session has the projectPath of every item (the API has no progress endpoint).',
      },
      'wait-timeout': {
        type: 'string',
        value: '<s>',
        description: 'Give up waiting after this many seconds (default 300; exit 3).',
      },
      interval: { type: 'string', value: '<ms>', description: 'Time between two looks at the list (default 500).' },
    },
    description:
      'With --wait it then shows progress on stderr until every item has a session with its projectPath (or projectOriginalPath): ' +
      'the API has no progress endpoint, so it watches the session list, as works against the real application too.',
    async run(call, context) {
      if (context.values.wait !== true) return false
      const { startAndWait } = await import('./import-wait.js')
      await startAndWait(call, context)
      return true
    },
  },
}
