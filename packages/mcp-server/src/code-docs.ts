import {
  endpoints,
  nameIn,
  type Operation,
  operationFields,
  operationParamNames,
  type Usage,
  usages,
  z,
} from '@session-library/schemas'
import { descriptionOf, type ToolSpec } from './tools.js'

/** The SDK's methods a snippet's `client` has: each call of the contract, a PATCH twin left out. */
export const methods: readonly Usage[] = usages.filter((usage) => !usage.route.twin)
/** A method's path on the client: `['tags', 'add']`, `['health']`. */
export const pathOf = (usage: Usage): string[] => nameIn(usage, 'sdk')
const operationOf = (usage: Usage): Operation => endpoints[usage.route.name]

// The SDK's arguments, by its one rule: a convenience takes what it declares; an operation its path's
// parameters, then its body (a body of one field as that field: `tags.replace(id, tags)`), its query
// first when it takes nothing else (`sessions.list(query)`), else in the options (`{ variantId }`).
function parametersOf(usage: Usage): string[] {
  const last = 'options?'
  if (usage.convenience)
    return [...usage.convenience.takes.map((take) => take.replace(/^body\./, '')), last] as string[]
  const operation = operationOf(usage)
  const shape = (operation.body as z.ZodMiniObject | undefined)?.def.shape
  const fields = shape ? Object.keys(shape) : []
  const taken = [
    ...operationParamNames(usage.route.name),
    ...(shape ? [fields.length === 1 ? (fields[0] as string) : 'body'] : []),
  ]
  if (!operation.query) return [...taken, last]
  const query = operationFields(operation).flatMap((field) => (field.location === 'query' ? [field.field] : []))
  return taken.length === 0 ? ['query?', last] : [...taken, `options?: { ${query.join(', ')} }`]
}

/** How a method is called: `client.tags.add(id, tags, options?)`. */
export const signatureOf = (usage: Usage): string =>
  `client.${pathOf(usage).join('.')}(${parametersOf(usage).join(', ')})`

// A method's page of the docs: its signature, what it does (the text of its tool), its fields with their rules.
function docOf(usage: Usage): string {
  const operation = operationOf(usage)
  const fields = usage.convenience
    ? []
    : operationFields(operation).map(
        (field) =>
          `  ${field.location}.${field.field}${field.required ? '' : '?'}: ${[field.description, field.rule].filter(Boolean).join('; ')}`,
      )
  return [signatureOf(usage), `  ${descriptionOf(usage, operation)}`, ...fields].join('\n')
}

/** The docs of the methods whose name, texts or fields hold every word of `query`; all of them when it is empty. */
export function searchDocs(query: string): string[] {
  const words = query.toLowerCase().split(/\W+/).filter(Boolean)
  return methods.map(docOf).filter((doc) => words.every((word) => doc.toLowerCase().includes(word)))
}

const SEARCH_INPUT = z.strictObject({
  query: z
    .string()
    .check(z.describe('Words the method must mention, e.g. "tags replace" or "list sort"; "" lists every method.')),
})

/** The tool that searches the docs of the snippet's client. */
export const searchTool: ToolSpec = {
  name: 'search_docs',
  group: 'code',
  title: 'Search the SDK docs',
  description:
    "Shows the SessionLibrary SDK methods the execute tool's client has: signature, what each does, its arguments and their rules.",
  inputSchema: SEARCH_INPUT,
  outputSchema: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ query }) {
    const found = searchDocs(String(query))
    const text = found.length > 0 ? found.join('\n\n') : `no method mentions "${query}"; search "" for all`
    return { content: [{ type: 'text', text }] }
  },
}
