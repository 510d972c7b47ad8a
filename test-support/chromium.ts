import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium, which `.ci/run` installs: no test downloads a browser. */
const CHROMIUM = '/usr/bin/chromium'

/** Whether browser suites can run here. */
export const hasChromium = existsSync(CHROMIUM)

/** A suite's title, saying why it is skipped where Chromium is absent. */
export const browserSuite = (title: string) =>
  hasChromium ? title : `${title} (SKIPPED: ${CHROMIUM} is absent; .ci/run installs it)`

/**
 * Headless Chromium as root on a closed network: without the background-networking flags it keeps
 * trying to reach hosts it cannot. A start that hangs (seen once in a full run on the 2-core CI
 * machine, the browser up but never answering) is tried once more, within the suites' 30 s hook.
 */
export async function launchChromium(): Promise<Browser> {
  try {
    return await launch()
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error
    return launch()
  }
}

const launch = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    timeout: 14_000,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
