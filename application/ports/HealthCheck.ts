/** One dependency the service cannot work without; `check` rejects when it is down. */
export interface HealthCheck {
  readonly name: string;
  check(): Promise<void>;
}
