import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'build/', 'coverage/', 'data/build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    // Node scripts and configs: Node's globals (the TypeScript sources get theirs from tsconfig).
    languageOptions: {
      globals: Object.fromEntries(
        [
          'require',
          'process',
          '__dirname',
          'console',
          'Buffer',
          'URL',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
        ]
          .map((g) => [g, 'readonly'])
          .concat([['module', 'writable']]),
      ),
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
