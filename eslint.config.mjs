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
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
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
    files: ['libs/scanner/**/*.ts', 'libs/formats/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: frameworkImports }] },
  },
);
