import type { MockState } from './events.js'
import { Panel } from './panel.js'

/** Each import with a progress bar: items processed (completed, failed or skipped) of the total. */
export function ImportsPanel({ imports }: { imports: MockState['imports'] }) {
  return (
    <Panel title="Imports">
      {imports.length === 0 && <p class="quiet">No import started yet.</p>}
      <ul class="imports">
        {[...imports].reverse().map((progress) => {
          const processed = progress.completed + progress.failed + progress.skipped
          const percent = progress.total === 0 ? 100 : Math.round((processed / progress.total) * 100)
          return (
            <li key={progress.importId}>
              <label>
                <code>{progress.importId}</code> {processed}/{progress.total} items · {progress.failed} failed ·{' '}
                {progress.skipped} skipped · {progress.done ? `done in ${progress.durationMs} ms` : 'running'}
                <progress max={100} value={percent} data-import={progress.importId}>
                  {percent} %
                </progress>
              </label>
            </li>
          )
        })}
      </ul>
    </Panel>
  )
}
