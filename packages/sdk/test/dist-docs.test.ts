import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// `pnpm test` builds before it tests; run `pnpm -C packages/sdk build` first by hand.
const typesFile = fileURLToPath(new URL('../dist/index.d.ts', import.meta.url))

type Documented = ts.Node & { jsDoc?: ts.JSDoc[] }
const docOf = (node: ts.Node) => (node as Documented).jsDoc?.at(-1)
const hasDoc = (node: ts.Node) => {
  const doc = docOf(node)
  return doc !== undefined && (ts.getTextOfJSDocComment(doc.comment)?.trim() || doc.tags?.length)
}
const hasExample = (node: ts.Node) => docOf(node)?.tags?.some((tag) => tag.tagName.text === 'example') ?? false
const nameOf = (node: ts.Node) => {
  const name = (node as { name?: ts.Node }).name
  return name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) ? name.text : '(anonymous)'
}

function exportedNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>()
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause))
      continue
    for (const element of statement.exportClause.elements) names.add((element.propertyName ?? element.name).text)
  }
  return names
}

// Members a reader hovers: of classes, interfaces and object types (a private `#field` has no hover).
function membersOf(node: ts.Node): readonly ts.Node[] {
  if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node))
    return (node.members as ts.NodeArray<ts.Node>).filter((member) => {
      const name = (member as { name?: ts.Node }).name
      return !name || !ts.isPrivateIdentifier(name)
    })
  return []
}

function typeLiterals(node: ts.Node): ts.TypeLiteralNode[] {
  const found: ts.TypeLiteralNode[] = []
  const visit = (child: ts.Node) => {
    if (ts.isTypeLiteralNode(child)) found.push(child)
    ts.forEachChild(child, visit)
  }
  if (ts.isTypeAliasDeclaration(node)) visit(node.type)
  return found
}

function undocumented(source: string): string[] {
  const file = ts.createSourceFile('index.d.ts', source, ts.ScriptTarget.Latest, true)
  const exported = exportedNames(file)
  const missing: string[] = []
  for (const statement of file.statements) {
    const name = ts.isVariableStatement(statement)
      ? nameOf(statement.declarationList.declarations[0] as ts.VariableDeclaration)
      : nameOf(statement)
    if (!exported.has(name)) continue
    if (!hasDoc(statement)) missing.push(name)
    for (const member of [...membersOf(statement), ...typeLiterals(statement).flatMap(membersOf)]) {
      const label = `${name}.${ts.isConstructorDeclaration(member) ? 'constructor' : nameOf(member)}`
      if (!hasDoc(member)) missing.push(label)
      else if (
        name.endsWith('Api') &&
        (ts.isMethodSignature(member) || ts.isMethodDeclaration(member)) &&
        !hasExample(member)
      )
        missing.push(`${label} (no @example)`)
    }
  }
  return missing
}

// What the TypeScript language service shows on hover over the last `name` in `expression` (by
// default the name after its last dot), in a file beside the package that imports the built types.
function hover(expression: string, name?: string): string {
  const probe = fileURLToPath(new URL('../probe.ts', import.meta.url))
  const text = `import { SessionLibrary } from './dist/index.js'\nconst client = new SessionLibrary()\n${expression}\n`
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [probe],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      ts.ScriptSnapshot.fromString(file === probe ? text : existsSync(file) ? readFileSync(file, 'utf8') : ''),
    getCurrentDirectory: () => fileURLToPath(new URL('..', import.meta.url)),
    getCompilationSettings: () => ({
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    }),
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (file) => file === probe || existsSync(file),
    readFile: (file) => (file === probe ? text : readFileSync(file, 'utf8')),
  }
  const info = ts
    .createLanguageService(host)
    .getQuickInfoAtPosition(probe, name ? text.lastIndexOf(name) : text.lastIndexOf('.') + 1)
  return ts.displayPartsToString(info?.documentation)
}

describe.skipIf(!existsSync(typesFile))('docs in the emitted types', () => {
  it('every export of dist/index.d.ts, and every public member of its classes, interfaces and object types, has a comment; every method of a resource group has an @example', () => {
    expect(undocumented(readFileSync(typesFile, 'utf8'))).toEqual([])
  })

  it('the check finds a member without a comment', () => {
    const source = '/** A. */\ninterface A {\n  /** Documented. */\n  b(): void\n  c: string\n}\nexport { A }\n'
    expect(undocumented(source)).toEqual(['A.c'])
  })

  it('in an editor, hovering client.tags.add shows that it is not atomic, and client.sessions.delete its docs', () => {
    expect(hover('client.tags.add')).toMatch(/\*\*Not atomic:\*\* a read then a write/)
    expect(hover('client.sessions.delete')).toMatch(/^Deletes a session/)
    expect(hover('client.health')).toMatch(/^The health snapshot/)
  })

  it('in an editor, hovering a field of a body, a query or an answer shows its text from the contract (D5, D9, D11, D15)', () => {
    expect(hover("client.sessions.create({ title: 'A', accent: '' })", 'accent')).toBe(
      'A colour as #rrggbb, or empty for none (D5).',
    )
    expect(hover("client.sessions.create({ title: 'A' })", 'title')).toMatch(/^The session's name: trimmed/)
    expect(hover("client.sessions.update('ses_1', { status: 'done' })", 'status')).toMatch(/^Where the work stands/)
    expect(hover('client.sessions.list({ limit: 10 })', 'limit')).toMatch(/^How many sessions a page holds/)
    expect(hover("client.sessions.list({ recent: true, tags: ['a'] })", 'recent')).toMatch(/D11/)
    expect(hover("client.imports.start({ items: [{ projectPath: '/a.als' }] })", 'projectPath')).toMatch(
      /^The project file to import/,
    )
    expect(hover('client.sessions.list().then((page) => page.meta.total)', 'total')).not.toBe('')
  })
})
