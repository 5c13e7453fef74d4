import type { Config } from '../config/config';

export function printBanner(config: Config, url: string, loginToken: string): void {
  const dataFlag = `--data-dir ${JSON.stringify(config.dataDir)}`;
  console.log(
    [
      `TonTill is running on the ${config.chain.mode} chain at ${url}`,
      `  Console:  ${url}/console/login?token=${loginToken}   (one-time link, valid 15 minutes)`,
      `            a new one at any time: npm run console -- link ${dataFlag}`,
      `  API docs: ${url}/docs`,
      ...(config.chain.mode === 'sandbox'
        ? [`  Demo:     ${url}/demo/merchant   (a sample shop with the embedded checkout, paid by a test wallet)`]
        : []),
      `  API key:  npm run keys -- create ${dataFlag}`,
      `  Data:     ${config.dataDir}`,
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
}
