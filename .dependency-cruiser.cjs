/**
 * The arrows between the rooms of the code (docs/architecture.md). `npm run lint:deps` fails on any
 * import between rooms that `allowed` does not list (an arrow the map does not draw), on any import
 * the `forbidden` rules name (packages a room must not use), and on any import cycle.
 */

/** Modules that only exist in a browser page or a React tree: the editor core must not need them. */
const VIEW_MODULES = '^node_modules/(react|react-dom|react-konva|konva|@xstate/react|react-router|react-i18next)(/|$)';

/** The arrows of docs/architecture.md's map: each room, and the rooms it may import. */
const ARROWS = {
  'src/ui': ['src/machines', 'src/canvas', 'src/editor', 'src/api', 'src/pose', 'src/i18n', 'src/library'],
  'src/canvas': ['src/machines', 'src/editor', 'src/pose'],
  'src/machines': ['src/editor', 'src/api', 'src/pose'],
  'src/editor': ['src/pose', 'src/library'],
  'src/api': ['src/pose'],
  'src/i18n': ['src/pose'],
  'src/library': ['src/pose'],
  'src/pose': [],
  server: ['src/pose', 'src/library'],
};

/** src/api modules the server shares whole; of the others (the browser's HTTP and socket clients) it may import types only. */
const SERVER_SHARES_OF_API = '^src/api/(contract|schemas|poseSchemas|documentSchemas|integrationSchemas|byteSize)\\.ts$';

const escape = (room) => room.replace(/\//g, '\\/');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowed: [
    { comment: 'Within a room.', from: { path: '^(src/[^/]+|server)/' }, to: { path: '^$1/' } },
    ...Object.entries(ARROWS)
      .filter(([, targets]) => targets.length > 0)
      .map(([room, targets]) => ({
        comment: `The arrows from ${room}.`,
        from: { path: `^${escape(room)}/` },
        to: { path: `^(${targets.map(escape).join('|')})/` },
      })),
    { comment: 'The server shares the API contract and schemas.', from: { path: '^server/' }, to: { path: SERVER_SHARES_OF_API } },
    { comment: "The server reads the socket messages' types.", from: { path: '^server/' }, to: { path: '^src/api/', dependencyTypes: ['type-only'] } },
    {
      comment: 'The entry point starts the page, the strings and the inspector.',
      from: { path: '^src/main\\.tsx$' },
      to: { path: '^src/(ui|i18n|machines)/' },
    },
    { comment: 'Tests and benchmarks may reach any room.', from: { path: '^(tests|bench)/' }, to: {} },
    // The forbidden rules below say which rooms may not use which packages or built-ins.
    { comment: 'Packages.', from: {}, to: { path: '^node_modules/' } },
    { comment: 'Node built-ins.', from: {}, to: { dependencyTypes: ['core'] } },
  ],
  allowedSeverity: 'error',
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
