// Writes the files of src that are derived, not typed, so that adding a group file or a field's
// TSDoc needs no other edit (`pnpm build` runs this before tsup):
// - src/field-texts.ts: each field's text from its TSDoc (typed once, where an editor shows it on
//   hover), for the run time (the OpenAPI document, the CLI's help);
// - src/contract/groups.ts: every group file's operations, spread in SPEC §4.1's order, which
//   `endpoints` is built from;
// - src/contract/route-specs.ts: the client's part of each of those operations (method, path,
//   status, tolerant answer), so that the client entry imports no request schema, exact rule or
//   OpenAPI text.
// A group file is a file of src/contract/ whose exported constant `satisfies Record<string,
// OperationSpec>`; its `// SPEC §n.m` comment orders it. A file of texts is one that builds zod
// schemas and gives an object's fields TSDoc. `--check` fails when a file is stale (without
// writing): `pnpm test` runs it before the build, and a test runs it too.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))
const FIELD_TEXTS = 'field-texts.ts'
const GROUPS = 'contract/groups.ts'
const ROUTE_SPECS = 'contract/route-specs.ts'
// The keys of an operation that the client's table copies: add one here when the client needs it.
const ROUTE_KEYS = ['method', 'path', 'status', 'idempotent', 'answer', 'verb', 'twin', 'loses', 'conveniences']
const TEXT_KEYS = ['summary', 'description']
const GROUP_TYPE = 'Record<string, OperationSpec>'
const SECTION = /^\/\/ SPEC §(\d+(?:\.\d+)*)/gm

// Parsed once per run (cleared by each): a group file may also hold texts.
const parsed = new Map()
const parse = (src, path) => {
  const key = `${src}${path}`
  if (!parsed.has(key))
    parsed.set(key, ts.createSourceFile(path, readFileSync(key, 'utf8'), ts.ScriptTarget.Latest, true))
  return parsed.get(key)
}

// Formatted as the repository formats code, so that the linter leaves the file as written. The
// path given to biome is the package's own, whatever folder is derived, for its configuration.
function formatted(source, path) {
  const biome = fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url))
  return new Promise((resolve, reject) => {
    const child = execFile(biome, ['format', `--stdin-file-path=${SRC}${path}`], (error, stdout, stderr) =>
      error ? reject(new Error(`biome format ${path}: ${stderr || error.message}`)) : resolve(stdout),
    )
    child.stdin.end(source)
  })
}

// The object literal under an expression, through `as const` and `satisfies`.
function literal(node) {
  while (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)))
    node = node.expression
  return node && ts.isObjectLiteralExpression(node) ? node : undefined
}

// SPEC's section numbers compared part by part: 4.10 comes after 4.9.
function bySection(a, b) {
  const [x, y] = [a.section.split('.').map(Number), b.section.split('.').map(Number)]
  const differs = x.findIndex((part, index) => part !== y[index])
  return differs === -1 ? x.length - y.length : x[differs] - (y[differs] ?? -1)
}

/** The group files of a src folder: each operations constant, its file, its SPEC section and its file's constants. */
function findGroups(src) {
  const groups = []
  for (const name of readdirSync(`${src}contract`).filter((file) => file.endsWith('.ts'))) {
    const path = `contract/${name}`
    if (!readFileSync(`${src}${path}`, 'utf8').includes(GROUP_TYPE)) continue
    const file = parse(src, path)
    const constants = new Map()
    const found = []
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue
      const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      for (const declaration of statement.declarationList.declarations) {
        constants.set(declaration.name.getText(), literal(declaration.initializer))
        let initializer = declaration.initializer
        while (initializer && ts.isParenthesizedExpression(initializer)) initializer = initializer.expression
        if (!exported || !ts.isSatisfiesExpression(initializer) || initializer.type.getText() !== GROUP_TYPE) continue
        // The last `// SPEC §n.m` line above it (it may head the constants the operations share).
        const section = [...file.text.slice(0, statement.getStart()).matchAll(SECTION)].at(-1)?.[1]
        if (!section)
          throw new Error(`src/${path}: no \`// SPEC §n.m\` line above ${declaration.name.getText()} to order it by`)
        found.push({ name: declaration.name.getText(), path, section })
      }
    }
    for (const group of found) groups.push({ ...group, constants })
  }
  return groups.sort(bySection)
}

/** The files whose object literals give schema fields TSDoc: files that build zod schemas, groups in SPEC order. */
function findTextSources(src, groups) {
  const generated = [FIELD_TEXTS, GROUPS, ROUTE_SPECS]
  const order = (path) => groups.findIndex((group) => group.path === path)
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((path) => path.replaceAll('\\', '/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !generated.includes(path))
    .filter((path) => {
      const text = readFileSync(`${src}${path}`, 'utf8')
      // Only a quick look (a TSDoc then a `name: ` line): parsing decides which are an object's fields.
      return /from 'zod(\/mini)?'/.test(text) && /\*\/\n\s*['"]?[\w$-]+['"]?: /.test(text)
    })
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
}

/** Texts by the name of the constant whose object literal holds the field, then by field. */
function collectTexts(src, paths) {
  const texts = {}
  const spreads = []
  for (const path of paths) {
    const fileSpreads = []
    let fileTexts = 0
    const visit = (node, owner) => {
      const name = ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) ? node.name.text : owner
      if (ts.isObjectLiteralExpression(node) && name) {
        for (const property of node.properties) {
          if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) {
            fileSpreads.push([name, property.expression.text])
            continue
          }
          const comment = property.jsDoc?.at(-1)?.comment
          if (typeof comment !== 'string' || !property.name) continue
          texts[name] ??= {}
          texts[name][property.name.text] = comment
          fileTexts++
        }
      }
      ts.forEachChild(node, (child) => visit(child, name))
    }
    visit(parse(src, path), undefined)
    // A file that only spreads fields (pairs.ts) gives no texts: the file that writes the fields does.
    if (fileTexts > 0) spreads.push(...fileSpreads)
  }
  return { texts, spreads: spreads.filter(([, from]) => texts[from]) }
}

function fieldTextsSource(src, groups) {
  const { texts, spreads } = collectTexts(src, findTextSources(src, groups))
  // A spread fields object (`...previewFields`) stays one constant, spread where the source spreads it.
  const shared = [...new Set(spreads.map(([, from]) => from))]
  const own = (name) => JSON.stringify(texts[name] ?? {}).slice(1, -1)
  const entry = (name) => {
    const parts = [...spreads.filter(([to]) => to === name).map(([, from]) => `...${from}`), own(name)]
    return `{ ${parts.filter(Boolean).join(', ')} }`
  }
  const constants = shared.map((name) => `const ${name} = ${JSON.stringify(texts[name])}\n`).join('')
  const names = Object.keys(texts).filter((name) => !shared.includes(name))
  for (const [to] of spreads) if (!names.includes(to)) names.push(to)
  const table = names.map((name) => `${name}: ${entry(name)}`).join(',\n')
  const header = "// Generated by scripts/derive-sources.mjs from the fields' TSDoc: edit the TSDoc, then build."
  return `${header}\n${constants}\nexport const FIELD_TEXTS = {\n${table}\n} as const\n`
}

function groupsSource(groups) {
  return [
    '// Generated by scripts/derive-sources.mjs from the group files: add or edit one, then build.',
    ...groups
      .map(({ name, path }) => `import { ${name} } from './${path.slice('contract/'.length, -3)}.js'`)
      // As biome orders imports: by module, without its extension (`./waveform` before `./waveform-notes`).
      .sort((a, b) => a.split("'")[1].slice(0, -3).localeCompare(b.split("'")[1].slice(0, -3))),
    '',
    "/** Every operation of the group files, keyed by its name, in SPEC §4.1's order (each group's `// SPEC §`). */",
    `export const OPERATION_SPECS = {\n${groups.map(({ name }) => `...${name},`).join('\n')}\n}`,
    '',
  ].join('\n')
}

// A value as the client needs it: the texts for people (a convenience's summary and description)
// stay in the group files, which the main entry reads, as an operation's own do.
function withoutTexts(node) {
  if (!ts.isObjectLiteralExpression(node)) return node.getText()
  const kept = node.properties.filter((property) => !TEXT_KEYS.includes(property.name?.getText()))
  return `{ ${kept.map((property) => `${property.name.getText()}: ${withoutTexts(property.initializer)}`).join(', ')} }`
}

// An object's client keys, as written; a spread of a group file's constant (`...write`, shared by
// PUT and its PATCH twin) stays a spread, of that constant's client keys, named after the group.
function routeObject(object, group, shared) {
  const parts = object.properties.flatMap((property) => {
    if (ts.isSpreadAssignment(property)) {
      const from = property.expression.getText()
      const name = `${group.name}${from[0].toUpperCase()}${from.slice(1)}`
      if (!shared.has(name)) shared.set(name, routeObject(group.constants.get(from), group, shared))
      return [`...${name}`]
    }
    const key = property.name.getText().replaceAll(/['"]/g, '')
    return ROUTE_KEYS.includes(key) ? [`${key}: ${withoutTexts(property.initializer)}`] : []
  })
  return `{ ${parts.join(', ')} }`
}

function routeSpecsSource(groups) {
  const shared = new Map()
  const lines = groups.flatMap((group) =>
    group.constants
      .get(group.name)
      .properties.map(
        (operation) => `${operation.name.getText()}: ${routeObject(literal(operation.initializer), group, shared)},`,
      ),
  )
  return [
    '// Generated by scripts/derive-sources.mjs from the group files: edit them, then build.',
    "import * as t from '../answers/tolerant.js'",
    '',
    ...[...shared].map(([name, object]) => `const ${name} = ${object} as const`),
    '',
    '/** What a client needs of each operation (SPEC §4.1, in its order): the group files hold the rest. */',
    `export const ROUTE_SPECS = {\n${lines.join('\n')}\n} as const`,
    '',
  ].join('\n')
}

/**
 * The derived files of a src folder (the package's unless given, ending in `/`), by their path in
 * it, formatted.
 */
export async function deriveSources(src = SRC) {
  parsed.clear()
  const groups = findGroups(src)
  const sources = [
    [FIELD_TEXTS, fieldTextsSource(src, groups)],
    [GROUPS, groupsSource(groups)],
    [ROUTE_SPECS, routeSpecsSource(groups)],
  ]
  const texts = await Promise.all(sources.map(([path, source]) => formatted(source, path)))
  return Object.fromEntries(sources.map(([path], index) => [path, texts[index]]))
}

/** The derived files of a src folder that differ from what it holds. */
export async function staleSources(src = SRC) {
  const derived = await deriveSources(src)
  const current = (path) => {
    try {
      return readFileSync(`${src}${path}`, 'utf8')
    } catch {
      return undefined
    }
  }
  return Object.entries(derived).filter(([path, source]) => current(path) !== source)
}

/** Writes the derived files of a src folder that are stale; gives their paths. */
export async function writeSources(src = SRC) {
  const stale = await staleSources(src)
  for (const [path, source] of stale) writeFileSync(`${src}${path}`, source)
  return stale.map(([path]) => path)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = (await staleSources()).map(([path]) => `src/${path}`)
    if (stale.length > 0) {
      console.error(`Stale: ${stale.join(', ')}. Run pnpm build (or node packages/schemas/scripts/derive-sources.mjs).`)
      process.exitCode = 1
    }
  } else await writeSources()
}
