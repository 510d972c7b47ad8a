#!/usr/bin/env node
import { main } from './main.js'

// A reader that stops early (`| head`) closes the pipe: that is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

process.exitCode = await main(process.argv.slice(2))
