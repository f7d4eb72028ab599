import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

const frameworkImports = ['@nestjs/*', 'typeorm', 'amqplib', 'minio', 'pg'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'coverage/**', 'bench/.data/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:engine'] },
            // The gateway has no database and runs no scan: nothing that loads the scanner or the database layer.
            { sourceTag: 'scope:edge', notDependOnLibsWithTags: ['reach:scanner', 'reach:db'] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:engine'] },
            { sourceTag: 'type:engine', onlyDependOnLibsWithTags: ['type:engine', 'type:contracts'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:engine', 'type:testing'] },
          ],
        },
      ],
    },
  },
  {
    // Tests may use the shared test helpers; production code may not.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.testing.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [{ sourceTag: '*', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:engine', 'type:testing'] }],
        },
      ],
    },
  },
  {
    // End-to-end tests read arbitrary JSON bodies of the API.
    files: ['e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // libs/persistence owns the SQL (issue 14): no query text elsewhere in production code.
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['libs/persistence/**', 'libs/testing/**', 'libs/contracts/**', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.testing.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='query']", message: 'SQL belongs in libs/persistence: call its module for this aggregate.' },
        { selector: "Literal[value=/^(scanned|scanned\-with\-error|not\-analyzed|resource\-read\-error|system\-package|application\-package|installed\-package|no\-licenses|unknown\-license|ignored\-whiteout|ignored\-empty\-file|ignored\-whitespace\-file|ignored\-directory|ignored\-pattern|ignored\-media\-file|ignored\-not\-interesting|ignored\-default\-ignores|ignored\-data\-file\-no\-clues|ignored\-doc\-file|ignored\-from\-config|ignored\-by\-max\-file\-size|compliance\-licenses|compliance\-sourcemirror|about\-mapped|mapped|mapped\-by\-symbol|archive\-processed|matched\-to\-purldb\-package|matched\-to\-purldb\-resource|matched\-to\-purldb\-directory|npm\-package\-lookup|requires\-review|review\-dangling\-legal\-file|not\-deployed)$/]", message: 'Resource statuses come from RESOURCE_STATUS (libs/contracts).' },
      ],
    },
  },
  {
    // The vocabulary is named once, in libs/contracts.
    files: ['libs/persistence/src/**/*.ts', 'libs/testing/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.testing.ts', 'libs/persistence/src/migrations/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "Literal[value=/^(scanned|scanned\-with\-error|not\-analyzed|resource\-read\-error|system\-package|application\-package|installed\-package|no\-licenses|unknown\-license|ignored\-whiteout|ignored\-empty\-file|ignored\-whitespace\-file|ignored\-directory|ignored\-pattern|ignored\-media\-file|ignored\-not\-interesting|ignored\-default\-ignores|ignored\-data\-file\-no\-clues|ignored\-doc\-file|ignored\-from\-config|ignored\-by\-max\-file\-size|compliance\-licenses|compliance\-sourcemirror|about\-mapped|mapped|mapped\-by\-symbol|archive\-processed|matched\-to\-purldb\-package|matched\-to\-purldb\-resource|matched\-to\-purldb\-directory|npm\-package\-lookup|requires\-review|review\-dangling\-legal\-file|not\-deployed)$/]", message: 'Resource statuses come from RESOURCE_STATUS (libs/contracts).' }],
    },
  },
  {
    files: ['libs/scanner/**/*.ts', 'libs/formats/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: frameworkImports }] },
  },
);
