/** One value of a Prometheus text exposition (the first sample of `name`). */
export function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) throw new Error(`metric ${name} not found`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

export async function metricsText(baseUrl: string): Promise<string> {
  return (await fetch(`${baseUrl}/metrics`)).text();
}

/** A service's V8 heap in use and the memory of its Buffers, in MiB, from its /metrics. */
export async function processMemory(baseUrl: string): Promise<{ heapMiB: number; externalMiB: number }> {
  const text = await metricsText(baseUrl);
  const mib = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;
  return { heapMiB: mib(sample(text, 'nodejs_heap_size_used_bytes')), externalMiB: mib(sample(text, 'nodejs_external_memory_bytes')) };
}
