import { detectionIdentifier, pyReprString, pyReprTuple, pyReprValue, pythonSafeName, syntheticRuleIdentifier } from './python-names';

/** Every expected name below is one ScanCode.io's goldens hold (scancodeio-testdata). */
describe('ScanCode names of detections and synthetic rules', () => {
  it('names an SPDX rule by its expression and the text it read', () => {
    expect(syntheticRuleIdentifier('spdx-license-identifier-mit', 'mit', 'MIT')).toBe('spdx-license-identifier-mit-5da48780aba670b0860c46d899ed42a0f243ff06');
    expect(syntheticRuleIdentifier('spdx-license-identifier-mit', 'mit', 'mit')).toBe('spdx-license-identifier-mit-1b937028f397e2c5fe4eb6a0abd781ab80f9eeff');
    const expression = 'isc AND (bsd-new OR mit)';
    expect(syntheticRuleIdentifier(`spdx-license-identifier-${pythonSafeName(expression)}`, expression, 'isc AND (bsd-3-clause OR mit)'))
      .toBe('spdx-license-identifier-isc_and__bsd_new_or_mit-7471dfe24fdc3b7a8943273ac320469f644d2688');
  });

  it('names an undetected statement\'s rule the same way', () => {
    expect(syntheticRuleIdentifier('package-manifest-unknown', 'unknown', 'license - UNLICENSED\n')).toBe('package-manifest-unknown-cb9ea49fe36cb2e1ba6d87c68e1195a492f762cf');
  });

  it('names a detection by its expression and its matches\' rules, scores and words', () => {
    expect(detectionIdentifier('mit', [{ ruleIdentifier: 'spdx-license-identifier-mit-5da48780aba670b0860c46d899ed42a0f243ff06', score: 100, words: ['mit'] }]))
      .toBe('mit-a822f434-d61f-f2b1-c792-8b8cb9e7b9bf');
    expect(detectionIdentifier('bsd-new', [{ ruleIdentifier: 'bsd-new_89.RULE', score: 99, words: ['license', 'bsd'] }])).toBe('bsd_new-261898a0-0118-87c4-7092-14e4ff134882');
    expect(detectionIdentifier('unknown', [{ ruleIdentifier: 'package-manifest-unknown-cb9ea49fe36cb2e1ba6d87c68e1195a492f762cf', score: 100, words: ['license', 'unlicensed'] }]))
      .toBe('unknown-0669ac45-20f6-defd-ec9f-2b6aafc9f944');
  });

  it('writes Python reprs', () => {
    expect(pyReprString("it's")).toBe('"it\'s"');
    expect(pyReprString('a\'b"c\\')).toBe("'a\\'b\"c\\\\'");
    expect(pyReprString('tab\there\u00e9\u200b')).toBe("'tab\\there\u00e9\\u200b'");
    expect(pyReprTuple([['rule', 100, ['mit']]])).toBe("(('rule', 100.0, ('mit',)),)");
    expect(pyReprTuple([])).toBe('()');
    expect(pyReprValue([{ name: 'MIT', url: null, n: 2, x: 0.5, ok: true }])).toBe("[{'name': 'MIT', 'url': None, 'n': 2, 'x': 0.5, 'ok': True}]");
  });

  it('makes expressions safe names as commoncode does', () => {
    expect(pythonSafeName('apache-2.0 AND bsd-new AND mit')).toBe('apache_2_0_and_bsd_new_and_mit');
    expect(pythonSafeName('gpl-2.0-plus WITH linux-syscall-exception-gpl')).toBe('gpl_2_0_plus_with_linux_syscall_exception_gpl');
  });
});
