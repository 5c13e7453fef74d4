/** One parsed SSE frame; comments (heartbeats) and bare `retry:` blocks are skipped. */
export interface SseFrame {
  id: string | null;
  event: string;
  data: unknown;
}

/** Reads the frames of a fetch() response body one at a time, as EventSource would see them. */
export function readSse(res: Response): { next(): Promise<SseFrame>; rest(): Promise<SseFrame[]> } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): SseFrame | null => {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    return data.length ? { id, event, data: JSON.parse(data.join('\n')) } : null;
  };
  const next = async (): Promise<SseFrame> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (frame) return frame;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** every frame until the server ends the stream */
  const rest = async (): Promise<SseFrame[]> => {
    const frames: SseFrame[] = [];
    for (;;) {
      try {
        frames.push(await next());
      } catch (err) {
        if ((err as Error).message === 'stream ended') return frames;
        throw err;
      }
    }
  };
  return { next, rest };
}
