// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '**/.data/**',
      '**/.data-dev/**',
      '.tmp/**',
      'coverage/**',
      'api/drizzle/**',
      'charts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // The import direction (docs/development.md "Layout"): core/ knows nothing of auth, areas or
    // edges; services, jobs and auth are free of HTTP; only an area's routes and the edges speak it.
    files: ['api/src/core/**/*.ts', 'api/src/auth/**/*.ts', 'api/src/areas/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'api/src/**/routes/**',
      'api/src/**/routes.ts',
      'api/src/**/schema.ts',
      'api/src/areas/*/index.ts',
      'api/src/areas/index.ts',
      'api/src/areas/area.ts',
      'api/src/core/pagination.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['hono', 'hono/*', '@hono/*', '**/edges/**'],
              message: 'Services are free of HTTP: throw a DomainError (core/errors.ts); the edge maps it.',
            },
            { group: ['**/routes/**', '**/routes.ts'], message: 'Call a service, never a route.' },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/auth/**', '**/areas/**', '**/edges/**', 'hono', 'hono/*', '@hono/node-server'],
              message: 'core/ is the shared base: it imports nothing from auth/, areas/ or edges/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON bodies as untyped values; the assertions are their type checks.
    files: ['**/*.test.ts', 'e2e/**', 'bench/**', 'scripts/**', 'api/src/test/**', 'operator/src/test/**'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
