import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface SessionOptions {
  guestfish: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** guestfish ended a command with an error (it stops at the first one when read from a pipe). */
export class GuestfishFailed extends Error {
  override readonly name = 'GuestfishFailed';
  constructor(
    readonly command: string,
    readonly stderr: string,
    message = guestfishMessage(stderr),
  ) {
    super(message || `guestfish stopped during ${command}`);
  }
}

const STDERR_KEPT = 64 * 1024;
/** How long guestfish has to finish its command and clean up after being told to stop, before it is killed. */
const STOP_GRACE_MS = 5000;

/**
 * One guestfish process, one appliance, driven command by command over stdin: each command is
 * followed by `echo <marker>`, so its output is the stdout lines up to the marker, and the next
 * command can depend on it. The last command writes the guest tree as a tar to stdout
 * (`tarOut`): nothing else is written after it, so stdout from there on is the tar itself.
 *
 * Stopping (timeout, abort, the size cap) closes stdin, so that guestfish ends after its current
 * command and removes its temporary files, and kills its process group (qemu included) if it
 * has not exited STOP_GRACE_MS later.
 */
export class GuestfishSession {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly closed: Promise<number | null>;
  private readonly marker = `@@scanworks-${randomBytes(8).toString('hex')}@@`;
  private stdout = Buffer.alloc(0);
  private stderr = '';
  private waiting?: { lines: string[]; done: () => void };
  private streaming = false;
  /** Why the session was stopped from here (timeout, abort, size); it wins over what guestfish then says. */
  private stopped?: Error;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly onAbort = (): void => this.stop(this.options.signal?.reason instanceof Error ? this.options.signal.reason : new Error('aborted'));

  constructor(private readonly options: SessionOptions) {
    options.signal?.throwIfAborted();
    // Its own process group, so that a kill ends qemu and libguestfs' helpers with it.
    this.child = spawn(options.guestfish, options.args, { env: options.env, stdio: 'pipe', detached: true });
    this.closed = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('close', (code) => resolve(code));
    });
    this.closed.catch(() => undefined).finally(() => this.timers.forEach(clearTimeout));
    this.child.stdin.on('error', () => undefined);
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      if (this.stderr.length < STDERR_KEPT) this.stderr += text;
    });
    this.child.stdout.on('data', this.onStdout);
    this.timers.push(setTimeout(() => this.stop(new Error(`timed out after ${Math.round(options.timeoutMs / 1000)} s`)), options.timeoutMs));
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Runs one command and gives its output lines; throws GuestfishFailed when guestfish stops on it. */
  async command(line: string): Promise<string[]> {
    if (this.stopped) throw this.stopped;
    const lines: string[] = [];
    const done = new Promise<void>((resolve) => (this.waiting = { lines, done: resolve }));
    this.child.stdin.write(`${line}\necho ${this.marker}\n`);
    await Promise.race([done, this.closed.then(() => undefined, () => undefined)]);
    if (this.stopped) throw this.stopped;
    if (this.waiting) {
      this.waiting = undefined;
      throw await this.failure(line);
    }
    return lines;
  }

  /**
   * The last command: `tar-out` of the mounted tree into `destination`, at most `maxBytes`
   * (beyond that the session stops with `tooLarge()`), then waits for guestfish to exit cleanly.
   */
  async tarOut(destination: string, maxBytes: number, tooLarge: () => Error): Promise<number> {
    const { stdout, stdin } = this.child;
    stdout.off('data', this.onStdout);
    stdout.pause();
    this.streaming = true;
    stdin.end('tar-out / - numericowner:true xattrs:false selinux:false acls:false\n');
    const counter = new ByteCap(maxBytes, tooLarge);
    const leftover = this.stdout;
    try {
      await pipeline(
        async function* () {
          if (leftover.length) yield leftover;
          yield* stdout;
        },
        counter,
        createWriteStream(destination),
      );
    } catch (error) {
      this.stop(error instanceof Error ? error : new Error(String(error)));
    }
    const code = await this.closed.catch(() => null);
    if (code !== 0 || this.stopped) throw await this.failure('tar-out');
    return counter.bytes;
  }

  /** Ends the session if guestfish still runs, and waits until it has exited. */
  async close(): Promise<void> {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    if (this.running) this.stop(new Error('session closed'));
    await this.closed.catch(() => undefined);
  }

  get stderrText(): string {
    return this.stderr;
  }

  private readonly onStdout = (chunk: Buffer): void => {
    this.stdout = Buffer.concat([this.stdout, chunk]);
    for (let newline = this.stdout.indexOf(0x0a); newline >= 0; newline = this.stdout.indexOf(0x0a)) {
      const line = this.stdout.subarray(0, newline).toString('utf8');
      this.stdout = this.stdout.subarray(newline + 1);
      const waiting = this.waiting;
      if (!waiting) continue;
      if (line !== this.marker) waiting.lines.push(line);
      else {
        this.waiting = undefined;
        waiting.done();
      }
    }
  };

  private get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    if (!this.running) return;
    this.child.stdin.end();
    // A tar being written stops at its next write; a command in the appliance is waited for.
    if (this.streaming) this.child.stdout.destroy();
    this.timers.push(setTimeout(() => this.kill(), STOP_GRACE_MS));
  }

  private kill(): void {
    const pid = this.child.pid;
    if (pid === undefined || !this.running) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  private async failure(command: string): Promise<Error> {
    await this.closed.catch(() => undefined);
    return this.stopped ?? new GuestfishFailed(command, this.stderr);
  }
}

/** Counts bytes through, and fails the stream past the cap before the chunk that crosses it is written. */
class ByteCap extends Transform {
  bytes = 0;
  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(this.tooLarge());
    else callback(null, chunk);
  }
}

/**
 * guestfish's stderr as one line: its error lines without their `*stdin*:N: libguestfs: error:`
 * prefixes (the advice libguestfs adds about debugging is dropped), or every line when none is one.
 */
export function guestfishMessage(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const errors = lines.filter((line) => ERROR_LINE.test(line));
  const kept = (errors.length ? errors : lines).map((line) => line.replace(ERROR_LINE, '').replace(/\.$/, ''));
  const message = [...new Set(kept)].join('; ');
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX)}…` : message;
}

const ERROR_LINE = /^(\*stdin\*:\d+: )?libguestfs: error: /;
const MESSAGE_MAX = 600;
