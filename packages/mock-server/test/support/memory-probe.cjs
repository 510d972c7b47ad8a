// Preloaded into a spawned mock (NODE_OPTIONS="--expose-gc --require <this file>") by the load
// test: every 250 ms a full GC, then the heap left in use, as `heap <bytes> <epoch ms>` on stderr.
// After a full GC only live objects remain, so the samples show growth, not garbage.
setInterval(() => {
  globalThis.gc?.()
  process.stderr.write(`heap ${process.memoryUsage().heapUsed} ${Date.now()}\n`)
}, 250).unref()
