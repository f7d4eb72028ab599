import { policyErrorOf } from './policy-error.testing';
import { parseThresholds, thresholdAlert } from './thresholds';

const clarity = (entries: [unknown, unknown][]) => parseThresholds(new Map(entries), 'license_clarity_thresholds');
const scorecard = (entries: [unknown, unknown][]) => parseThresholds(new Map(entries), 'scorecard_score_thresholds');


describe('clarity thresholds: validation', () => {
  it('keeps valid thresholds in file order', () => {
    expect(clarity([[80, 'ok'], [50, 'warning'], [0, 'error']])).toEqual([
      { min: 80, alert: 'ok' },
      { min: 50, alert: 'warning' },
      { min: 0, alert: 'error' },
    ]);
  });

  it('casts keys like Python int(): 80.5 → 80, "90" → 90, " +70 " → 70, true → 1', () => {
    expect(clarity([[80.5, 'ok'], [1, 'warning']]).map((t) => t.min)).toEqual([80, 1]);
    expect(clarity([['90', 'ok'], [' +70 ', 'warning'], [true, 'error']]).map((t) => t.min)).toEqual([90, 70, 1]);
  });

  it('truncates negative floats toward zero, like int()', () => {
    expect(clarity([[-0.5, 'ok']]).map((t) => t.min)).toEqual([0]);
  });

  it.each([
    ['x', 'x'],
    ['80.5', '80.5'], // int('80.5') fails in Python: only a YAML float is truncated
    [null, 'None'],
    [Number.NaN, 'nan'],
    [Number.POSITIVE_INFINITY, 'inf'],
  ])('refuses the non-integer key %p', (key, shown) => {
    expect(policyErrorOf(() => clarity([[key, 'ok']]))).toBe(`Threshold keys must be integers, got: ${shown}`);
  });

  it('refuses keys that are equal once cast', () => {
    expect(policyErrorOf(() => clarity([[80, 'ok'], [80.9, 'warning']]))).toBe('Duplicate threshold key: 80');
    expect(policyErrorOf(() => clarity([['80', 'ok'], [80, 'warning']]))).toBe('Duplicate threshold key: 80');
  });

  it('refuses keys that are not strictly descending in file order', () => {
    expect(policyErrorOf(() => clarity([[50, 'warning'], [80, 'ok']]))).toBe('Thresholds must be strictly descending');
    expect(policyErrorOf(() => clarity([[80, 'ok'], [0, 'error'], [50, 'warning']]))).toBe('Thresholds must be strictly descending');
  });

  it.each([['critical', 'critical'], ['', ''], [null, 'None'], ['OK', 'OK'], [3, '3']])('refuses the alert %p', (value, shown) => {
    expect(policyErrorOf(() => clarity([[80, value]]))).toBe(`Compliance alert must be one of 'ok', 'warning', 'error', got: ${shown}`);
  });

  it('reports a bad key before a bad alert of the same entry, and a duplicate before the order', () => {
    expect(policyErrorOf(() => clarity([['x', 'bad']]))).toBe('Threshold keys must be integers, got: x');
    expect(policyErrorOf(() => clarity([[0, 'error'], ['0', 'ok']]))).toBe('Duplicate threshold key: 0');
  });

  it('refuses a non-mapping', () => {
    expect(policyErrorOf(() => parseThresholds([80, 'ok'], 'license_clarity_thresholds'))).toBe('The `license_clarity_thresholds` must be a dictionary');
    expect(policyErrorOf(() => parseThresholds('80: ok', 'scorecard_score_thresholds'))).toBe('The `scorecard_score_thresholds` must be a dictionary');
  });

  it('sorts a plain object (JSON settings, whose key order is lost) instead of refusing it', () => {
    expect(parseThresholds({ 0: 'error', 50: 'warning', 80: 'ok' }, 'license_clarity_thresholds').map((t) => t.min)).toEqual([80, 50, 0]);
  });

  it('still refuses duplicates and bad keys in a plain object', () => {
    expect(policyErrorOf(() => parseThresholds({ '80': 'ok', ' 80': 'warning' }, 'license_clarity_thresholds'))).toBe('Duplicate threshold key: 80');
    expect(policyErrorOf(() => parseThresholds({ high: 'ok' }, 'license_clarity_thresholds'))).toBe('Threshold keys must be integers, got: high');
  });
});

describe('scorecard thresholds: validation', () => {
  it('keeps float keys', () => {
    expect(scorecard([[9.5, 'ok'], ['7', 'warning'], [0, 'error']]).map((t) => t.min)).toEqual([9.5, 7, 0]);
  });

  it('reads number strings like Python float()', () => {
    expect(scorecard([[' 8.5 ', 'ok'], ['1e0', 'warning'], ['.5', 'error']]).map((t) => t.min)).toEqual([8.5, 1, 0.5]);
  });

  it('refuses non-numeric keys with "numbers"', () => {
    expect(policyErrorOf(() => scorecard([['high', 'ok']]))).toBe('Threshold keys must be numbers, got: high');
    expect(policyErrorOf(() => scorecard([['nan', 'ok']]))).toBe('Threshold keys must be numbers, got: nan');
  });

  it('prints a duplicate float key as Python does', () => {
    expect(policyErrorOf(() => scorecard([[7, 'ok'], ['7.0', 'warning']]))).toBe('Duplicate threshold key: 7.0');
  });

  it('refuses ascending keys', () => {
    expect(policyErrorOf(() => scorecard([[7.0, 'warning'], [9.0, 'ok']]))).toBe('Thresholds must be strictly descending');
  });
});

describe('thresholdAlert', () => {
  const thresholds = clarity([[80, 'ok'], [50, 'warning'], [10, 'error']]);

  it('gives the alert of the highest threshold at or below the score', () => {
    expect(thresholdAlert(100, thresholds)).toBe('ok');
    expect(thresholdAlert(79, thresholds)).toBe('warning');
    expect(thresholdAlert(49, thresholds)).toBe('error');
  });

  it('counts a score equal to a threshold as reaching it', () => {
    expect(thresholdAlert(80, thresholds)).toBe('ok');
    expect(thresholdAlert(50, thresholds)).toBe('warning');
  });

  it('is error below every threshold', () => {
    expect(thresholdAlert(9, thresholds)).toBe('error');
    expect(thresholdAlert(0, clarity([[80, 'ok'], [50, 'warning']]))).toBe('error');
  });

  it('is error without a score', () => {
    expect(thresholdAlert(null, thresholds)).toBe('error');
    expect(thresholdAlert(undefined, thresholds)).toBe('error');
  });

  it('is error with no thresholds at all', () => {
    expect(thresholdAlert(100, [])).toBe('error');
  });

  it('compares float scores with float thresholds', () => {
    const card = scorecard([[9.0, 'ok'], [7.0, 'warning'], [0, 'error']]);
    expect(thresholdAlert(8.99, card)).toBe('warning');
    expect(thresholdAlert(9.0, card)).toBe('ok');
    expect(thresholdAlert(6.9, card)).toBe('error');
  });
});
