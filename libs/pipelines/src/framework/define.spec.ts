import { availableGroups, definePipeline, defineStep, PipelineDefinition, planSteps, StepDefinition } from './define';

const step = (name: string, groups?: string[]): StepDefinition => ({ name, doc: `${name} doc`, groups, run: async () => undefined });
const pipeline = (steps: StepDefinition[], name = 'scan_thing'): PipelineDefinition => ({
  name,
  summary: 's',
  description: 'd',
  downloadInputs: false,
  isAddon: false,
  steps,
});

const STEPS = [step('collect'), step('scan_licenses', ['Licenses']), step('find_vulns', ['Vulns', 'Security']), step('report')];
const planned = (groups: string[] | null, selected: string[] | null) => planSteps(STEPS, groups, selected).map((p) => `${p.step.name}${p.skipped ? ' (skipped)' : ''}`);

describe('planSteps', () => {
  it('runs only ungrouped steps when no group is selected', () => {
    expect(planned(null, null)).toEqual(['collect', 'report']);
    expect(planned([], null)).toEqual(['collect', 'report']);
  });

  it('adds grouped steps when one of their groups is selected', () => {
    expect(planned(['Licenses'], null)).toEqual(['collect', 'scan_licenses', 'report']);
    expect(planned(['Security'], null)).toEqual(['collect', 'find_vulns', 'report']);
    expect(planned(['Vulns', 'Licenses'], null)).toEqual(['collect', 'scan_licenses', 'find_vulns', 'report']);
  });

  it('matches group names exactly', () => {
    expect(planned(['licenses', 'Unknown'], null)).toEqual(['collect', 'report']);
  });

  it('keeps unselected steps in the plan, marked as skipped', () => {
    expect(planned(['Licenses'], ['collect', 'scan_licenses'])).toEqual(['collect', 'scan_licenses', 'report (skipped)']);
  });

  it('does not bring back a grouped step through selected_steps', () => {
    expect(planned(null, ['scan_licenses'])).toEqual(['collect (skipped)', 'report (skipped)']);
  });

  it('runs everything when selected_steps is empty', () => {
    expect(planned(null, [])).toEqual(['collect', 'report']);
  });
});

describe('availableGroups', () => {
  it('lists each group once, sorted', () => {
    expect(availableGroups(pipeline([...STEPS, step('more', ['Licenses', 'Archives'])]))).toEqual(['Archives', 'Licenses', 'Security', 'Vulns']);
    expect(availableGroups(pipeline([step('only')]))).toEqual([]);
  });
});

describe('defineStep and definePipeline', () => {
  it('accept snake_case names', () => {
    expect(defineStep(step('step_2')).name).toBe('step_2');
    expect(definePipeline(pipeline([step('a'), step('b')], 'my_pipeline_2')).name).toBe('my_pipeline_2');
  });

  it.each(['', 'Step', '2step', 'with-dash', 'with space', '_lead'])('refuse the step name %j', (name) => {
    expect(() => defineStep(step(name))).toThrow(`Invalid step name: ${name}`);
  });

  it.each(['ScanCodebase', 'scan-codebase', 'scan codebase', '1scan'])('refuse the pipeline name %j', (name) => {
    expect(() => definePipeline(pipeline([], name))).toThrow(`Invalid pipeline name: ${name}`);
  });

  it('refuse two steps with the same name', () => {
    expect(() => definePipeline(pipeline([step('a'), step('b'), step('a')]))).toThrow('Pipeline scan_thing has two steps named a');
  });
});
