/**
 * The arrows between the rooms of the code (docs/architecture.md).
 * `npm run lint:deps` fails on any import these rules forbid, and on any import cycle.
 */

/** Modules that only exist in a browser page or a React tree: the editor core must not need them. */
const VIEW_MODULES = '^node_modules/(react|react-dom|react-konva|konva|@xstate/react|react-router|react-i18next)(/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'Import cycles make load order matter and rooms inseparable. A lazy import() (a page chunk ' +
        'loaded on demand) is evaluated later, so it does not close a cycle.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'pose-is-self-contained',
      severity: 'error',
      comment: 'src/pose is pure and shared by browser and server: it imports nothing outside itself, no package, no Node built-in.',
      from: { path: '^src/pose/' },
      to: { pathNot: '^src/pose/' },
    },
    {
      name: 'editor-is-framework-free',
      severity: 'error',
      comment: 'src/editor knows no React, Konva or DOM, and none of the rooms that build on it.',
      from: { path: '^src/editor/' },
      to: { path: [VIEW_MODULES, '^src/(ui|api|canvas|machines)/'] },
    },
    {
      name: 'editor-uses-no-node-builtins',
      severity: 'error',
      comment: 'src/editor runs in the browser.',
      from: { path: '^src/editor/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'canvas-not-to-api-or-ui',
      severity: 'error',
      comment: 'src/canvas draws and reports gestures to the editor machine; it does no I/O and knows no page.',
      from: { path: '^src/canvas/' },
      to: { path: '^src/(api|ui)/' },
    },
    {
      name: 'machines-not-to-ui',
      severity: 'error',
      comment: 'Machines hold the decisions; the UI reads them, never the other way round.',
      from: { path: '^src/machines/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'api-not-to-ui',
      severity: 'error',
      comment: 'src/api is handed what it needs from the UI (notify, navigate) instead of importing it.',
      from: { path: '^src/api/' },
      to: { path: '^src/(ui|canvas|machines|editor)/' },
    },
    {
      name: 'server-not-to-browser-rooms',
      severity: 'error',
      comment: 'The server shares src/pose and src/api contracts only.',
      from: { path: '^server/' },
      to: { path: '^src/(ui|canvas|machines|editor)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
