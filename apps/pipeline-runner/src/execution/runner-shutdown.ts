import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { RunnerConfig } from '../config/runner.config';
import { removeDeadScratch } from './scratch-areas';
import { RunExecutor } from './run-executor.service';
import { StepRunner } from './step-runner';

/**
 * At start, removes the scratch space of runner processes of this host that died; at SIGTERM,
 * lets running runs finish within RUNNER_SHUTDOWN_GRACE_SECONDS and hands the rest back to the
 * queue, before the broker connection closes (scaling down never fails a run).
 */
@Injectable()
export class RunnerShutdown implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly executor: RunExecutor, private readonly steps: StepRunner, private readonly config: RunnerConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    await removeDeadScratch(this.steps.workRoot());
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.executor.drain(this.config.RUNNER_SHUTDOWN_GRACE_SECONDS * 1000);
  }
}
