import { z } from 'zod';

/**
 * What the cluster primary and its workers say to each other over Node's IPC channel. Each side
 * checks what it receives (zod): anything else on the channel is ignored, not trusted.
 */

const Init = z.object({
  type: z.literal('jobprice:init'),
  /** The token signing key, base64: every worker signs and checks tokens with the same one. */
  tokenSecret: z.string().min(1),
});
const Drain = z.object({ type: z.literal('jobprice:drain') });
/** A worker asks for its Init once it listens to the channel: a message sent earlier would be lost. */
const Hello = z.object({ type: z.literal('jobprice:hello') });
const Listening = z.object({
  type: z.literal('jobprice:listening'),
  url: z.string(),
  modulesMs: z.number(),
  clientsAndEngineMs: z.number(),
});

export type ToWorker = z.infer<typeof Init> | z.infer<typeof Drain>;
export type ToPrimary = z.infer<typeof Hello> | z.infer<typeof Listening>;

const ToWorkerSchema = z.discriminatedUnion('type', [Init, Drain]);
const ToPrimarySchema = z.discriminatedUnion('type', [Hello, Listening]);

export function toWorker(message: unknown): ToWorker | null {
  const r = ToWorkerSchema.safeParse(message);
  return r.success ? r.data : null;
}

export function toPrimary(message: unknown): ToPrimary | null {
  const r = ToPrimarySchema.safeParse(message);
  return r.success ? r.data : null;
}
