/**
 * How every Kiln browser run starts Chromium: Debian's build (never a downloaded one), headless,
 * with the flags a closed network needs. Shared by the e2e suite, bench/ and the screenshots.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
