import { expressionKeys, LicenseExpressionError, parseLicenseExpression, renderExpression, simplifyExpression } from './license-expression';

const simplified = (expression: string) => {
  const node = parseLicenseExpression(expression);
  return node ? renderExpression(simplifyExpression(node), (key) => key) : '';
};

describe('license expressions', () => {
  it('parses keys, AND/OR precedence, WITH and parentheses', () => {
    expect(parseLicenseExpression('mit OR apache-2.0 AND bsd-new')).toEqual({
      kind: 'or', args: [{ kind: 'license', key: 'mit' }, { kind: 'and', args: [{ kind: 'license', key: 'apache-2.0' }, { kind: 'license', key: 'bsd-new' }] }],
    });
    expect(parseLicenseExpression('gpl-2.0 with classpath-exception-2.0')).toEqual({ kind: 'with', license: 'gpl-2.0', exception: 'classpath-exception-2.0' });
    expect(parseLicenseExpression('  ')).toBeNull();
  });

  it('rejects malformed expressions', () => {
    for (const bad of ['mit AND', '(mit', 'mit)', 'AND mit', 'mit WITH']) expect(() => parseLicenseExpression(bad)).toThrow(LicenseExpressionError);
  });

  it('simplifies: duplicates removed, same operators flattened, symbols sorted', () => {
    expect(simplified('mit AND mit')).toBe('mit');
    expect(simplified('mit OR (apache-2.0 OR mit)')).toBe('apache-2.0 OR mit');
    expect(simplified('zlib AND (mit OR bsd-new) AND apache-2.0')).toBe('apache-2.0 AND zlib AND (bsd-new OR mit)');
  });

  it('lists keys with WITH exceptions', () => {
    expect(expressionKeys(parseLicenseExpression('gpl-2.0 WITH classpath-exception-2.0 OR mit OR gpl-2.0'))).toEqual(['gpl-2.0', 'classpath-exception-2.0', 'mit']);
  });
});
