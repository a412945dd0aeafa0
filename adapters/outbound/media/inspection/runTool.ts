import { execFile } from 'node:child_process';

export const FFPROBE_MISSING = "video inspection needs ffprobe from Debian's ffmpeg (apt-get install ffmpeg)";

/** A tool the inspector runs (ffprobe, ffmpeg) is not installed where it was looked for. */
export class ToolMissing extends Error {
  constructor(readonly tool: string) {
    super(`${tool} was not found: video inspection needs ffprobe and ffmpeg from Debian's ffmpeg (apt-get install ffmpeg)`);
  }
}

/** The tool ran but failed; `stderr` says why in the tool's words. */
export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(timedOut ? `${tool} took too long` : `${tool} failed: ${stderr.trim() || 'no message'}`);
  }
}

/** Runs a program with arguments (no shell), its output as text, killed after `timeoutMs`. */
export function runTool(tool: string, args: readonly string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new ToolMissing(tool));
      reject(new ToolFailed(tool, stderr, error.killed === true));
    });
  });
}
