#!/usr/bin/env node
import { processContext } from './cmdutil/iostreams.js'
import { main } from './main.js'

// A reader that stops early (`| head`) closes the pipe: that is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const code = await main(process.argv.slice(2), processContext())
// Exit once stdout has taken everything, without waiting for fetch's idle keep-alive socket to close
// (a few hundred ms after the answer).
process.stdout.write('', () => process.exit(code))
