import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDispatch, type Dispatch, type DispatchOptions } from '../../sdk/src';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';

/** The real service in a child process on a fresh data directory, and the API key its first start printed. */
export interface SdkService {
  readonly service: ServiceProcess;
  readonly baseUrl: string;
  readonly key: string;
  readonly dataDir: string;
  /** A client of this service with its key; options override the defaults. */
  client(options?: Partial<DispatchOptions>): Dispatch;
  stop(): Promise<void>;
}

export async function startSdkService(env: Record<string, string> = {}): Promise<SdkService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-sdk-'));
  const service = await startServiceProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', ...env });
  const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
  return {
    service,
    baseUrl: service.baseUrl,
    key,
    dataDir,
    client: (options = {}) => createDispatch({ baseUrl: service.baseUrl, token: key, ...options }),
    async stop() {
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `read` until `done` holds of what it gives, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not done after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
