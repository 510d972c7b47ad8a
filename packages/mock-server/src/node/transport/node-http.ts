// Node's `node:http` as a CommonJS module, not through its ES module facade: the facade reads every
// export, and one of them loads Node's fetch (undici), about 16 ms of every start of a server that
// never fetches.
export const nodeHttp = process.getBuiltinModule('node:http')
