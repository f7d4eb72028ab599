import { FailLevelError, severitiesFor } from './compliance-alerts';

describe('severitiesFor', () => {
  it('maps each fail level, case-insensitively, to the severities it reports', () => {
    expect(severitiesFor(undefined)).toEqual(['error']);
    expect(severitiesFor('ERROR')).toEqual(['error']);
    expect(severitiesFor('Warning')).toEqual(['error', 'warning']);
    expect(severitiesFor('missing')).toEqual(['error', 'warning', 'missing']);
  });

  it('refuses an unknown level', () => {
    expect(() => severitiesFor('fatal')).toThrow(FailLevelError);
  });
});
