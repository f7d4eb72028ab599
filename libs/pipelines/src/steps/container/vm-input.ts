import type { StepContext } from '../../framework/step-context';

// PENDING-VM: replaced by the libguestfs extraction (helper branch vm-images) before commit.
export async function extractVmInput(_ctx: StepContext, _input: string, _target: string): Promise<boolean> {
  return false;
}
