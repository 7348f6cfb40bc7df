import type { ChildProcess } from 'node:child_process';

export declare const root: string;
export declare function bin(name: string): string;
export declare function log(message: string): void;
export declare function canConnect(host: string, port: number, timeoutMs?: number): Promise<boolean>;
export declare function waitForPort(
  host: string,
  port: number,
  label: string,
  timeoutMs?: number,
): Promise<void>;
export declare function ensurePostgres(options?: { host?: string; port?: number }): Promise<void>;
export declare function ensureRedis(options?: { host?: string; port?: number }): Promise<void>;
export declare function spawnService(
  label: string,
  command: string,
  args: string[],
  options?: { logFile?: string; env?: Record<string, string> },
): ChildProcess;
export declare function startS3(options: {
  port: number;
  directory: string;
  host?: string;
  bucket?: string;
  logFile?: string;
}): Promise<ChildProcess | null>;
export declare function startMaildev(options: {
  smtpPort: number;
  webPort: number;
  host?: string;
  logFile?: string;
}): Promise<ChildProcess | null>;
export declare function stopAll(children: Array<ChildProcess | null>): Promise<void>;
