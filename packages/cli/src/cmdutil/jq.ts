// --jq and --template run jq itself (jq-wasm: jq's C source compiled to WebAssembly), imported on
// first use: it costs a run that filters some tens of ms, and one that does not, nothing.
import { UsageError } from '@session-library/internal'

/** What `--jq` or `--template` asks of the JSON a command prints. */
export interface Filter {
  readonly flag: '--jq' | '--template'
  readonly program: string
}

// A template's text as a jq string whose `{{ expr }}` are interpolations (`\(expr)`), applied to
// each item of a list: `{{.id}}: {{.title}}` prints one line a session.
const templateProgram = (template: string) => {
  const parts = template.split(/\{\{(.*?)\}\}/s)
  const text = parts.map((part, index) => (index % 2 ? `\\(${part})` : JSON.stringify(part).slice(1, -1))).join('')
  return `(if type == "array" then .[] else . end) | "${text}"`
}

export function filterOf(values: { jq?: string; template?: string }, words: readonly string[]): Filter | undefined {
  if (values.jq !== undefined && values.template !== undefined)
    throw new UsageError('give --jq or --template, not both', words)
  if (values.jq !== undefined) return { flag: '--jq', program: values.jq }
  if (values.template !== undefined) return { flag: '--template', program: templateProgram(values.template) }
  return undefined
}

/** Runs the filter on JSON text (one value or several, a line each); strings come out raw, as `jq -r`. */
export async function runFilter({ flag, program }: Filter, json: string): Promise<string> {
  const { raw } = await import('jq-wasm')
  try {
    return await raw(json, program, ['-r'])
  } catch (error) {
    const said = (error as Error).message.replace(/^jq: (error: )?/gm, '').trim()
    throw new UsageError(`${flag}: ${said}`)
  }
}

/** A filter that does not compile is refused before anything is sent (jq only compiles as it runs: on null). */
export async function checkFilter(filter: Filter): Promise<void> {
  await runFilter(filter, 'null').catch((error: UsageError) => {
    if (/compile error/.test(error.message)) throw error
  })
}
