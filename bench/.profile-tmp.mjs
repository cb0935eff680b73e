// ad-hoc: CPU profile of a cold console page, aggregated
import fs from 'node:fs';
import { signIn } from '../e2e/support/browser.mjs';
import { launchChromium, startStackWithDists } from './lib.mjs';
const target = process.argv[2] ?? '/admin/constantVariables';
const stack = await startStackWithDists(process.argv);
const browser = await launchChromium();
try {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  await signIn(page, stack.hostUrl);
  await page.waitForURL(`${stack.hostUrl}/admin`);
  await page.goto('about:blank');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable'); await cdp.send('Network.clearBrowserCache'); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(stack.hostUrl + target);
  await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync('/tmp/profile.cpuprofile', JSON.stringify(profile));
} finally { await browser.close(); await stack.stop(); }
