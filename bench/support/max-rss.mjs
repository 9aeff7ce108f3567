// Runs a Node script in this very process and, as the process exits, prints its peak memory:
// `node max-rss.mjs SCRIPT [ARGS…]` ends its stderr with `max-rss-kb N` (the kernel's maximum
// resident set size, in KiB). Run as a child of the bench, each command's peak is its own.
// Without a script it measures an idle Node process (this file alone): the floor of every peak.
// Plain JavaScript, no loader, so that it adds next to nothing to the peak it reports.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
if (script) {
  // The script reads its arguments from process.argv as if it had been started itself.
  process.argv = [process.argv[0], resolve(script), ...args];
  await import(pathToFileURL(resolve(script)).href);
}
