process.env.BENCH_TRANSFERS ??= '20000';
const { runWatcherBench } = await import('./watcher');
console.log(await runWatcherBench());
export {};
