// Lint with type information. Each TypeScript file is linted in the project that compiles it, so a rule
// that reads types (an assertion being unnecessary, a promise being misused) sees the same environment as tsc:
//   the add-in (DOM and Office, no Node): the folders of tsconfig.addin.json;
//   the reference service (Node, no DOM): the folders of tsconfig.service.json not also in the add-in;
//   tests, scripts and benches: tsconfig.json.
// The folder lists are read from the tsconfigs, so a new add-in folder needs no second list here.
// JavaScript files (configs, Node scripts, the page's boot script) belong to no TypeScript project and get
// the rules that need no types.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import officeAddins from 'eslint-plugin-office-addins';

const root = dirname(fileURLToPath(import.meta.url));
const includeOf = (tsconfig) => JSON.parse(readFileSync(`${root}/${tsconfig}`, 'utf8')).include;
const tsFilesUnder = (paths) => paths.map((p) => (p.endsWith('.ts') ? p : `${p}/**/*.ts`));
const addinFiles = tsFilesUnder(includeOf('tsconfig.addin.json'));
const serviceFiles = tsFilesUnder(includeOf('tsconfig.service.json'));

// The rules of eslint-plugin-office-addins' recommended config (call-sync-before-read, load-object-before-read,
// no-context-sync-in-loop, ...), taken from the plugin so that a new rule there arrives here too. Its other
// settings (its own parser, prettier as a lint rule) are not ours; warnings fail the lint all the same.
const officeRules = Object.fromEntries(
  officeAddins.configs.recommended
    .flatMap((config) => Object.entries(config.rules ?? {}))
    .filter(([rule]) => rule.startsWith('office-addins/')),
);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'build/', 'coverage/', 'data/build/', 'test-results/'] },
  // A disable comment that no longer silences anything fails the lint, so exceptions cannot outlive their reason.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: root } },
    rules: {
      // An async function where a void callback is expected (an event listener, a forEach) drops its rejection.
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union names every member (a default does not count), so a new member is a lint error
      // at each switch that must decide about it; a switch over a plain string or number has a default.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: true },
      ],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Type-only imports vanish from the bundle and from dist/service, and say so where they are written.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: serviceFiles, languageOptions: { parserOptions: { project: './tsconfig.service.json' } } },
  { files: addinFiles, languageOptions: { parserOptions: { project: './tsconfig.addin.json' } } },
  {
    // Code that talks to Excel: the add-in's folders (only src/excel calls Excel.run today). The chunked reads
    // and writes sync in a loop on purpose (Excel on the web's 5 MB payload limit); each such place says so
    // in an eslint-disable comment with its reason.
    files: addinFiles,
    plugins: { 'office-addins': officeAddins },
    rules: officeRules,
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
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
