#!/usr/bin/env node
console.log('session-library-mock: not built yet')
