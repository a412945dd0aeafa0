/** Waits `seconds` (real time in the bridge, none in tests that drive it). */
export type Pause = (seconds: number) => Promise<void>;
