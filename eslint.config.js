// ESLint 9 flat config: TypeScript's recommended rules, the React hooks rules, and the size limits
// of the house (a file at most 300 lines, a function at most 80, blank lines and comments aside).
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Browser globals the framework-free rooms may not touch: they also run in Node and in tests. */
const DOM_GLOBALS = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'HTMLElement', 'Image', 'requestAnimationFrame'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'data/', '.tmp/', 'public/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // The React Compiler's stricter rules: the app does not run the compiler, and the patterns they
      // flag here (a ref updated in render to hold the latest callback, a draft reset when its value
      // changes) are deliberate. Left for when the compiler is adopted.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      // Unused names are tsc's job (noUnusedLocals, noUnusedParameters); `_`-prefixed ones are meant.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests mutate hostile JSON and read loose answers on purpose.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['src/i18n/en.ts', 'src/i18n/zh.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/pose/**/*.ts', 'src/editor/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...DOM_GLOBALS.map((name) => ({ name, message: 'This room is framework-free: no DOM (docs/architecture.md).' }))],
    },
  },
);
