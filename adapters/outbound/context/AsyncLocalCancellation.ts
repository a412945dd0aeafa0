import { AsyncLocalStorage } from 'node:async_hooks';
import { type Cancellation } from '../../../application/ports/Cancellation';

/** Cancellation carried by Node's async context: everything `work` starts sees its signal. */
export class AsyncLocalCancellation implements Cancellation {
  private readonly signals = new AsyncLocalStorage<AbortSignal>();

  within<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    return this.signals.run(signal, work);
  }

  current(): AbortSignal | undefined {
    return this.signals.getStore();
  }
}
